import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { EnderecoCep } from '../../../contrato/formularios';
import { ErroHttp, naoEncontrado } from '../erros';
import { textoCidadao } from '../../textosCidadao';
import { parametros } from '../contrato';
import type { BuscaCep } from '../cep';
import { doc } from './contextoPublico';

/**
 * `GET /api/publico/cep/{cep}` (issue 44): the address a CEP determines, for `<formulario-cidadao>` to fill the
 * address questions tied to a CEP field. Under the citizens' limits like every public route; each answer kept for
 * a day by the lookup. Without a lookup service (`CEP_URL`), or with it down: 503, and the citizen types the address.
 */
export function registrarCep(api: FastifyInstance, busca: BuscaCep | null) {
  api.get<{ Params: { cep: string } }>(
    '/cep/:cep',
    {
      schema: doc('buscarCep', 'O endereço de um CEP', {
        publica: true,
        descricao: 'Rua, bairro, cidade e UF de um CEP, pelo serviço configurado em `CEP_URL` (compatível com o ViaCEP), guardados por um dia. Sem o serviço, ou com ele fora do ar, 503: o cidadão preenche o endereço.',
        params: parametros({ cep: Type.String({ pattern: '^\\d{5}-?\\d{3}$', description: 'Oito dígitos, com ou sem o hífen.' }) }),
        resposta: { descricao: 'O endereço.', corpo: EnderecoCep },
        erros: [404, 429],
        porque: { 404: 'Nenhum endereço com este CEP.', 503: 'Indisponível. A busca de CEP não está configurada neste ambiente (`CEP_URL`), o serviço não respondeu, ou o banco de dados ficou indisponível por um instante.' },
      }),
    },
    async (req) => {
      const r = busca ? await busca.buscar(req.params.cep) : { indisponivel: true as const };
      if ('indisponivel' in r) throw new ErroHttp(503, textoCidadao(req.idioma, 'api.cep-indisponivel'));
      if (!r.encontrado) throw naoEncontrado(textoCidadao(req.idioma, 'api.cep-inexistente'));
      return r.endereco;
    },
  );
}
