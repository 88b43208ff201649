/** The services behind the gateway. Each answers its own health pattern and owns one PostgreSQL schema. */
export const SERVICE_NAMES = ['auth', 'templates', 'chiplinks', 'relayer', 'deployer'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];
