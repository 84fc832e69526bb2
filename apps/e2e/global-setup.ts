import { startServer } from './server';

export default async function globalSetup() {
  const { port } = await startServer();
  process.env.SOJOURN_E2E_PORT = String(port);
}
