import net from 'node:net';

/**
 * A TCP relay in front of the server whose network can be switched off: while off, every open connection is cut and
 * new ones are refused, for the page and its service worker alike (the browser's own offline emulation does not
 * reach a service worker's requests).
 */
export interface SwitchableNetwork {
  /** http://127.0.0.1:PORT of the relay: open pages here. */
  url: string;
  setOnline(online: boolean): void;
  close(): Promise<void>;
}

export async function switchableNetwork(serverPort: number): Promise<SwitchableNetwork> {
  let online = true;
  const sockets = new Set<net.Socket>();
  const keep = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const relay = net.createServer((client) => {
    if (!online) {
      client.destroy();
      return;
    }
    const upstream = net.connect(serverPort, '127.0.0.1');
    keep(client);
    keep(upstream);
    const cut = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', cut);
    upstream.on('error', cut);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const { port } = relay.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    setOnline(value) {
      online = value;
      if (!value) for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        relay.close(() => resolve());
      }),
  };
}
