import type { FastifyInstance } from 'fastify';

/**
 * The demo's CEP service (issue 44), ViaCEP-compatible, on loopback: a handful of real CEPs, so a CEP field fills
 * the address out of the box without any request leaving the machine. `CEP_URL` points the console at it.
 */
const ENDERECOS: Record<string, { logradouro: string; complemento: string; bairro: string; localidade: string; uf: string }> = {
  '01001000': { logradouro: 'Praça da Sé', complemento: 'lado ímpar', bairro: 'Sé', localidade: 'São Paulo', uf: 'SP' },
  '01310100': { logradouro: 'Avenida Paulista', complemento: 'de 612 a 1510 - lado par', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '70150900': { logradouro: 'Praça dos Três Poderes', complemento: '', bairro: 'Zona Cívico-Administrativa', localidade: 'Brasília', uf: 'DF' },
};

export const CAMINHO_CEP_DEMO = '/demo/cep/{cep}/json/';

export function registrarCepDemo(app: FastifyInstance) {
  app.get<{ Params: { cep: string } }>('/demo/cep/:cep/json/', async (req, rep) => {
    const d = req.params.cep.replace(/\D/g, '');
    if (d.length !== 8) return rep.code(400).send({ erro: true });
    const e = ENDERECOS[d];
    return e ? { cep: `${d.slice(0, 5)}-${d.slice(5)}`, ...e } : { erro: true };
  });
}
