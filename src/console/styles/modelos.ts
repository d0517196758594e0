import { acrescentarEstilos } from './folhas';
import css from './modelos.css';

acrescentarEstilos(css);
