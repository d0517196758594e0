import { createContext, useContext } from 'react';
import type { Rota } from '../routes';

/** The route the guard is drawing: a page reads its own entry of the table (name, title) from here. */
export const RotaContext = createContext<Rota | null>(null);
export const useRota = () => useContext(RotaContext)!;
