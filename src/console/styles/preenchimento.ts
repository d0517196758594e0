import { acrescentarEstilos } from './folhas';
import css from '../../cidadao/formulario.css';

// The citizen's form (src/cidadao/Formulario.tsx) drawn inside the console: the builder's preview and a published version.
acrescentarEstilos(css);
