import { tool } from 'ai';
import type { ToolRegistration } from 'kioku';
import type { DrizzleStore } from 'kioku/store/drizzle';
import { z } from 'zod';
import { createIntelFeeds, createThreatIntel, type OtxOptions } from '../intel/index.js';

/**
 * The chat's `intel_lookup` tool as a registry entry: an indicator (IP, domain, URL, hash, e-mail) looked
 * up in the offline feeds loaded into the store (`investigator intel load`) and in AlienVault OTX when a
 * key is given; the verdict, the feed entries and OTX's pulses come back (as untrusted data, like every
 * tool output of the chat).
 *
 * @example
 * intelLookupRegistration({ store, otx: process.env.OTX_API_KEY ? { apiKey: process.env.OTX_API_KEY } : undefined });
 */
export function intelLookupRegistration({
  store,
  otx,
}: {
  store: DrizzleStore;
  otx?: OtxOptions | undefined;
}): ToolRegistration {
  return {
    name: 'intel_lookup',
    systemPrompt: `intel_lookup gives a threat-intelligence verdict on one indicator (offline feeds${otx === undefined ? '' : ' and AlienVault OTX'}).`,
    tool: () => {
      const intel = createThreatIntel({ feeds: createIntelFeeds(store), otx });
      return tool({
        description:
          'Looks one indicator of compromise (IP address, domain, URL, file hash, e-mail address) up in threat intelligence: a verdict, the feeds that list it and OTX pulses.',
        inputSchema: z.object({
          indicator: z.string().min(1).describe('The indicator, e.g. 192.168.2.6 or evil[.]com'),
        }),
        execute: async ({ indicator }) => {
          const result = await intel.lookup(indicator);
          return JSON.stringify(
            {
              indicator: result.indicator,
              verdict: result.verdict,
              feeds: result.feeds,
              ...(result.otx === undefined ? {} : { otx: result.otx }),
              ...(result.errors.length === 0 ? {} : { sourcesFailed: result.errors }),
            },
            null,
            2,
          );
        },
      });
    },
  };
}
