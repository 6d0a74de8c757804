import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that the test controls, as a restarting server,
 * a fail-over or a network fault would: it can cut every connection and refuse new
 * ones, or cut them all the moment one of them next sends a query (so a connection
 * is lost while it is checked out of a pool, in the middle of its work).
 */
export async function startTcpProxy(target: URL) {
  let refusing = false;
  let cutOnQuery = false;
  let attempts = 0;
  let cuts = 0;
  const sockets = new Set<net.Socket>();

  const cutAll = () => {
    refusing = true;
    cutOnQuery = false;
    cuts++;
    for (const socket of sockets) socket.destroy();
  };

  const server = net.createServer((socket) => {
    attempts++;
    if (refusing) return socket.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    const pipe = (from: net.Socket, to: net.Socket) => {
      sockets.add(from);
      from.pipe(to);
      from.on('error', () => to.destroy());
      from.on('close', () => (sockets.delete(from), to.destroy()));
    };
    // Bytes from the client side are queries (or their parts): the moment to cut, when asked.
    socket.on('data', () => {
      if (cutOnQuery) cutAll();
    });
    pipe(socket, upstream);
    pipe(upstream, socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    /** The target's URL with the proxy's address. */
    url: url.toString(),
    /** Connections asked for so far, refused ones included. */
    attempts: () => attempts,
    /** How many times every connection was cut. */
    cuts: () => cuts,
    /** Cuts every connection and refuses new ones (true), or takes new ones again (false). */
    refuse(on: boolean) {
      if (on) cutAll();
      else refusing = cutOnQuery = false;
    },
    /** Cuts every connection, and refuses new ones, as soon as one sends anything. */
    cutOnNextQuery() {
      cutOnQuery = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
