import { createHash } from 'node:crypto';
/** The embedded provider's sign-in page: Keycloak's field ids (username, password, kc-login). */
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const ESTILO = `
  body { font-family: system-ui, sans-serif; background: #f6f7f9; color: #1c2127; margin: 0; display: flex; min-height: 100vh; align-items: center; justify-content: center; }
  main { background: #fff; padding: 32px; border-radius: 8px; box-shadow: 0 2px 8px rgba(0,0,0,.15); width: min(380px, 92vw); }
  h1 { font-size: 20px; margin: 0 0 8px; }
  .aviso { background: #fbe9c4; border-left: 4px solid #c87619; padding: 8px 12px; font-size: 13px; margin-bottom: 16px; }
  .erro { background: #fadede; border-left: 4px solid #ac2f33; padding: 8px 12px; margin-bottom: 16px; }
  label { display: block; font-weight: 600; margin: 12px 0 4px; }
  input { width: 100%; box-sizing: border-box; padding: 8px; font-size: 15px; border: 1px solid #8f99a8; border-radius: 4px; }
  input:focus, button:focus { outline: 2px solid #2d72d2; outline-offset: 2px; }
  button { margin-top: 20px; width: 100%; padding: 10px; font-size: 15px; background: #215db0; color: #fff; border: 0; border-radius: 4px; cursor: pointer; }
  details { margin-top: 16px; font-size: 13px; color: #404854; }
`;

/**
 * The sign-in page's own CSP (issue 33): its one inline style by hash, no script, framed by nobody (no
 * form-action: Chrome checks it on the redirect to the portal, which is another origin).
 */
export const CSP_LOGIN = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(ESTILO).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'`;

export function paginaLogin(o: { acao: string; pedido: string; erro?: string; usuario?: string; usuarios: string[] }): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Entrar — provedor de identidade de desenvolvimento</title>
<style>${ESTILO}</style>
</head>
<body>
<main>
  <h1>Entrar no Console de Formulários</h1>
  <p class="aviso" role="note">Provedor de identidade embutido, somente para desenvolvimento e QA. Não use em produção.</p>
  ${o.erro ? `<p class="erro" role="alert" id="input-error">${esc(o.erro)}</p>` : ''}
  <form id="kc-form-login" method="post" action="${esc(o.acao)}">
    <input type="hidden" name="pedido" value="${esc(o.pedido)}">
    <label for="username">Usuário</label>
    <input id="username" name="username" autocomplete="username" autofocus required value="${esc(o.usuario ?? '')}">
    <label for="password">Senha</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required>
    <button id="kc-login" name="login" type="submit">Entrar</button>
  </form>
  <details><summary>Usuários de demonstração</summary><p>${o.usuarios.map(esc).join(', ')} (senha igual ao usuário)</p></details>
</main>
</body>
</html>`;
}
