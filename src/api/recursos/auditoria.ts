import type { EntradaAuditoria } from '../../access/auditoria';
import type { Http } from '../http';
import type { Filtros, Ordenacao, Paginacao } from '../paginacao';

export const auditoriaApi = {
  listar: (http: Http, p: Paginacao, o: readonly Ordenacao[], f: Filtros) => http.lista<EntradaAuditoria>('/auditoria-acesso', p, o, f),
};
