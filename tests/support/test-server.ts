// Tests start the service exactly as the benchmark does: the production entry in its own process.
export { freePort, startServiceProcess as startTestServer, type ServiceProcess as TestServer } from '../../scripts/service-process';
