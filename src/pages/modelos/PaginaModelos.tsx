export { default } from '../PaginaEmConstrucao';
