/**
 * Where the tests find the machine's databases, written once: the runner (test/run.mjs) probes them, the helpers and
 * test files connect to them.
 *   TEST_DATABASE_URL: a PostgreSQL server the tests create and drop their databases on (default: the local one).
 *   TEST_DATABASE_URL_LEITURA: a streaming replica of it (default: test/apoio/replica.mjs's, 127.0.0.1:5433).
 */
export const URL_POSTGRES_ADMIN = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const URL_REPLICA = process.env.TEST_DATABASE_URL_LEITURA ?? 'postgres://postgres@127.0.0.1:5433/postgres';
