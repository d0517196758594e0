import { HTMLTable, Icon } from '@blueprintjs/core';
import { Rolagem } from '../../../ui/Rolagem';
import { useT } from '../../../app/contexto';
import { entradaVisivel, motivoVisibilidade } from '../../../../access/regras';
import { ROTAS } from '../../../routes';

/**
 * For each menu entry, whether a user with these permissions sees it and why not: the answer to the
 * most common support question ("why can't I see X?").
 */
export function VisibilidadeMenu({ permissoes }: { permissoes: readonly string[] }) {
  const t = useT();
  const conjunto = new Set(permissoes);
  return (
    <Rolagem rotulo={t('visibilidade.rotulo')}>
      <HTMLTable compact className="cf-visibilidade" aria-label={t('visibilidade.rotulo')}>
        <thead>
          <tr>
            <th scope="col">{t('visibilidade.entrada')}</th>
            <th scope="col">{t('visibilidade.ve')}</th>
            <th scope="col">{t('visibilidade.por-que')}</th>
          </tr>
        </thead>
        <tbody>
          {ROTAS.filter((r) => 'menu' in r && r.menu).map((r) => {
            const ve = entradaVisivel(r, conjunto);
            return (
              <tr key={r.name} data-entrada={r.name}>
                <td>{t(r.title)}</td>
                <td>
                  <Icon icon={ve ? 'tick' : 'cross'} intent={ve ? 'success' : 'danger'} /> {ve ? t('geral.sim') : t('geral.nao')}
                </td>
                <td>{motivoVisibilidade(r, conjunto, t)}</td>
              </tr>
            );
          })}
        </tbody>
      </HTMLTable>
    </Rolagem>
  );
}
