// One investigator console server for bench/investigator/health.mjs, in its own process (a stalled event
// loop can then be measured from outside and ended): the build at argv[2] (a directory holding
// apps/investigator/dist), a chat model on the loopback OpenAI-compatible server at argv[3] (its id gpt-4o,
// so kioku counts with OpenAI's tokenizer), an in-memory store. Prints `{ url }` on one line when listening.
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { createHashingEmbedder } from 'kioku/store';

const [root, baseUrl] = process.argv.slice(2);
const load = (path) => import(`${root}/apps/investigator/dist/${path}`);
const { openInvestigatorStore } = await load('store/index.js');
const { createConsoleServer } = await load('server/console/index.js');
const { startServer } = await load('server/index.js');
const { createIntelFeeds, createThreatIntel } = await load('intel/index.js');
const store = await openInvestigatorStore({ location: 'memory://' });
const provider = createOpenAICompatible({ name: 'openai', baseURL: baseUrl, apiKey: 'loopback' });
const app = createConsoleServer({
  store,
  token: 'a-webhook-token-of-32-characters',
  embedder: createHashingEmbedder(),
  chatModel: provider.chatModel('gpt-4o'),
  intel: createThreatIntel({ feeds: createIntelFeeds(store) }),
  contextWindow: 128_000,
  settings: { model: 'openai:gpt-4o', logEngine: 'none', threatIntel: [] },
  proxyHeader: 'x-forwarded-user',
  webRoot: '/nonexistent',
});
const server = await startServer({ app, port: 0 });
process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
