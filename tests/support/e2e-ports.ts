const appPort = Number(process.env.E2E_PORT ?? 3920);

export const E2E = {
  appPort,
  baseUrl: `http://localhost:${appPort}`,
  smtpPort: appPort + 5,
  mailApiPort: appPort + 6,
};
