import { createServer, connect, type Server, type Socket } from 'node:net';
import { portaLivre } from './servidor';

/**
 * A TCP bridge on loopback to a server of this machine (PostgreSQL, Redis): a test points a node at the
 * bridge and then cuts it (every connection dropped, the port closed, as a stopped server looks) and
 * restores it, without touching the machine's own server.
 */
export async function abrirPonte(destino: { host: string; porta: number }) {
  const porta = await portaLivre();
  const sockets = new Set<Socket>();
  let servidor: Server | null = null;
  const ligar = () =>
    new Promise<void>((ok) => {
      servidor = createServer((cliente) => {
        const alvo = connect(destino.porta, destino.host);
        sockets.add(cliente).add(alvo);
        const fim = () => (cliente.destroy(), alvo.destroy(), sockets.delete(cliente), sockets.delete(alvo));
        cliente.on('error', fim).on('close', fim);
        alvo.on('error', fim).on('close', fim);
        cliente.pipe(alvo).pipe(cliente);
      });
      servidor.listen(porta, '127.0.0.1', () => ok());
    });
  await ligar();
  return {
    porta,
    /** Drops every connection and closes the port. */
    cortar: () =>
      new Promise<void>((ok) => {
        for (const s of sockets) s.destroy();
        sockets.clear();
        if (!servidor) return ok();
        servidor.close(() => ok());
        servidor = null;
      }),
    restaurar: ligar,
  };
}
