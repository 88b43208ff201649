import { createServer } from 'node:net';
import { portInUseMessage } from '@metatag/nest-kit';

/** Fails early, naming the variable to change, when a port the standalone stack needs is taken. */
export async function assertPortFree(port: number, variable: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const server = createServer();
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(portInUseMessage(port, variable)) : error),
    );
    server.listen(port, '127.0.0.1', () => server.close(() => resolve()));
  });
}
