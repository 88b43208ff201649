/** The message an operator needs when a port is taken: which port and which variable moves it. */
export function portInUseMessage(port: number, variable: string): string {
  return `Port ${port} is already in use. Stop whatever uses it or set ${variable} to another port.`;
}

/** Runs a listen call and turns EADDRINUSE into a clear error. */
export async function listenOrExplain<T>(
  port: number,
  variable: string,
  listen: () => Promise<T>,
): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    if ((error as NodeJS.ErrnoException)?.code === 'EADDRINUSE')
      throw new Error(portInUseMessage(port, variable));
    throw error;
  }
}
