/**
 * Files the service loads beside its code (the PDF worker thread, the SQL migrations): under src/server/ when
 * it runs from its TypeScript sources (the tests), under dist/server/ once compiled (`npm run build`:
 * src/server/compilar.mjs). Every compiled entry (dist/server/*.js, dist/demo/*.js) sits two folders below the
 * root, as this file does, so one relative path serves both.
 */
export const COMPILADO = !import.meta.url.endsWith('.ts');

export const arquivoDoServico = (caminho: string) => new URL(`../../${COMPILADO ? 'dist' : 'src'}/server/${caminho}`, import.meta.url);
