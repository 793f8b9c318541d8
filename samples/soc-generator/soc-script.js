import { containmentSteps } from './soc-containment-steps.js';
import { scopingSteps } from './soc-scoping-steps.js';
import { scriptContext } from './soc-script-context.js';
import { triageSteps } from './soc-triage-steps.js';
/**
 * The investigation, turn by turn: an alert on a finance user's sign-in and PowerShell leads to an
 * adversary-in-the-middle phishing campaign, a loader with C2 beaconing on two hosts, mailbox forwarding
 * rules and bulk SharePoint downloads, then containment. Tool outputs are generated in order from
 * `random`, so the parts run in sequence.
 */
export function socScript(world, random) {
  const context = scriptContext(world, random);
  const triage = triageSteps(context);
  const scoping = scopingSteps(context);
  return [...triage, ...scoping, ...containmentSteps(context)];
}
