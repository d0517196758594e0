import { RECURSOS_AUDITORIA, resumoMudanca, rotuloAuditoria } from '../../../../access/auditoria';
import type { TEntradaAuditoria as EntradaAuditoria } from '../../../../contrato/acesso';
import { useAmbiente } from '../../../app/contexto';
import { auditoriaApi } from '../../../api/recursos/auditoria';
import type { Filtros } from '../../../../contrato/paginacao';
import { formatarDataHora } from '../../../../i18n/datas';
import type { Tradutor } from '../../../../i18n';
import { BarraFiltros, type DefFiltro } from '../../../ui/BarraFiltros';
import { TabelaPaginada } from '../../../ui/TabelaPaginada';

const filtros = (t: Tradutor): DefFiltro[] => [
  { tipo: 'selecao', nome: 'recurso', rotulo: t('trilha.o-que-mudou'), todos: t('trilha.tudo'), opcoes: RECURSOS_AUDITORIA.map((valor) => ({ valor, rotulo: rotuloAuditoria(valor, t) })) },
  { tipo: 'texto', nome: 'autor', rotulo: t('trilha.quem-mudou') },
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
  const { http, t } = useAmbiente();
  return (
    <>
      {!fixos && <BarraFiltros lista={chave} rotulo={t('trilha.filtros')} campos={filtros(t)} />}
      <TabelaPaginada<EntradaAuditoria>
        chave={chave}
        rotulo={t('trilha.titulo')}
        carregar={(p, o, f) => auditoriaApi.listar(http, p, o, { ...f, ...fixos })}
        idDe={(e) => e.id}
        vazio={t('trilha.vazio')}
        colunas={[
          { campo: 'ocorridoEm', titulo: t('trilha.quando'), ordenavel: true, render: (e) => <span className="cf-sem-quebra">{formatarDataHora(e.ocorridoEm)}</span> },
          { campo: 'autor', titulo: t('trilha.quem'), ordenavel: true, render: (e) => e.autor },
          { campo: 'recurso', titulo: t('trilha.o-que'), render: (e) => `${rotuloAuditoria(e.recurso, t)} — ${rotuloAuditoria(e.acao, t).toLowerCase()}` },
          { campo: 'alvo', titulo: t('trilha.registro'), render: alvoDe },
          {
            campo: 'mudancas',
            titulo: t('trilha.mudancas'),
            render: (e) => {
              const linhas = resumoMudanca(e, t);
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
