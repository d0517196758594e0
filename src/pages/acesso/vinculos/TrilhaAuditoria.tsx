import { ROTULO_ACAO_AUDITORIA, ROTULO_RECURSO_AUDITORIA, resumoMudanca, type EntradaAuditoria } from '../../../access/auditoria';
import { useAmbiente } from '../../../app/contexto';
import { auditoriaApi } from '../../../api/recursos/auditoria';
import type { Filtros } from '../../../api/paginacao';
import { formatarDataHora } from '../../../i18n/datas';
import { BarraFiltros, type DefFiltro } from '../../../ui/BarraFiltros';
import { TabelaPaginada } from '../../../ui/TabelaPaginada';

const FILTROS: DefFiltro[] = [
  { tipo: 'selecao', nome: 'recurso', rotulo: 'O que mudou', todos: 'Tudo', opcoes: Object.entries(ROTULO_RECURSO_AUDITORIA).map(([valor, rotulo]) => ({ valor, rotulo })) },
  { tipo: 'texto', nome: 'autor', rotulo: 'Quem mudou (usuário)' },
];

/** The changed record's name: a profile or group by its name (the trail keeps ids), a link or model by its key. */
function alvoDe(e: EntradaAuditoria): string {
  const nome = (e.depois ?? e.antes)?.nome;
  return (e.recurso === 'PERFIL_ACESSO' || e.recurso.startsWith('GRUPO_')) && typeof nome === 'string' ? nome : e.alvo;
}

/**
 * The access audit trail (administrators only): who changed which link, profile or group, or moved a
 * model to another group, when, and what changed. `fixos` narrows it (one user's link in its drawer);
 * without them, filters by what changed and by who.
 */
export function TrilhaAuditoria({ chave, fixos }: { chave: string; fixos?: Filtros }) {
  const { http } = useAmbiente();
  return (
    <>
      {!fixos && <BarraFiltros lista={chave} rotulo="Filtros da trilha de auditoria" campos={FILTROS} />}
      <TabelaPaginada<EntradaAuditoria>
        chave={chave}
        rotulo="Trilha de auditoria de acesso"
        carregar={(p, o, f) => auditoriaApi.listar(http, p, o, { ...f, ...fixos })}
        idDe={(e) => e.id}
        vazio="Nenhuma alteração de acesso registrada."
        colunas={[
          { campo: 'ocorridoEm', titulo: 'Quando', ordenavel: true, render: (e) => <span className="cf-sem-quebra">{formatarDataHora(e.ocorridoEm)}</span> },
          { campo: 'autor', titulo: 'Quem', ordenavel: true, render: (e) => e.autor },
          { campo: 'recurso', titulo: 'O quê', render: (e) => `${ROTULO_RECURSO_AUDITORIA[e.recurso] ?? e.recurso} — ${(ROTULO_ACAO_AUDITORIA[e.acao] ?? e.acao).toLowerCase()}` },
          { campo: 'alvo', titulo: 'Registro', render: alvoDe },
          {
            campo: 'mudancas',
            titulo: 'Mudanças',
            render: (e) => {
              const linhas = resumoMudanca(e);
              return linhas.length ? (
                <ul className="cf-mudancas">
                  {linhas.map((l) => (
                    <li key={l}>{l}</li>
                  ))}
                </ul>
              ) : (
                '—'
              );
            },
          },
        ]}
      />
    </>
  );
}
