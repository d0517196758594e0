import type { FastifyRequest } from 'fastify';
import { idiomaDe, tradutor, type Tradutor } from '../../i18n';
import { idiomaPreferido } from '../../i18n/cidadao';

/**
 * The console's language of a request: the console sends Accept-Language with its own (`language` attribute), and
 * sentences the API writes for staff to read (what changed in a model) come in it: English, or Portuguese by default.
 */
export const tradutorDoPedido = (req: FastifyRequest): Tradutor => tradutor(idiomaDe(idiomaPreferido(req.headers['accept-language'])));
