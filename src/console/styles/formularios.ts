import { acrescentarEstilos } from './folhas';
import css from './formularios.css';

acrescentarEstilos(css);
