import type { TEntradaAuditoria } from '../../../contrato/acesso';
import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../../../contrato/paginacao';

export const auditoriaApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<TEntradaAuditoria>('/auditoria-acesso', p, o, f),
};
