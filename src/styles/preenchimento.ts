import { acrescentarEstilos } from './folhas';
import css from './preenchimento.css';

acrescentarEstilos(css);
