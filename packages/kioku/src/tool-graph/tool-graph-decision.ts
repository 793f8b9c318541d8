/**
 * What `toolGraphPrepareStep` decided for one step, with the graph's probability for its top action:
 * `bypass` — the predicted call was made without a model call; `narrow` — the model chose among `tools`
 * only (it could still reply); `none` — the model chose freely (`reason` says why no bypass when the top
 * action was a tool that could not be bypassed).
 */
export type ToolGraphDecision =
  | {
      type: 'tool-graph-decision';
      decision: 'bypass';
      stepNumber: number;
      tool: string;
      input: Record<string, unknown>;
      toolCallId: string;
      probability: number;
      theta: number;
    }
  | {
      type: 'tool-graph-decision';
      decision: 'narrow';
      stepNumber: number;
      tools: string[];
      probability: number;
      theta: number;
      reason?: ToolGraphNoBypassReason;
    }
  | {
      type: 'tool-graph-decision';
      decision: 'none';
      stepNumber: number;
      probability: number;
      theta: number;
      reason?: ToolGraphNoBypassReason;
    };

/**
 * Why the top tool was not called directly: below θ, parameters not determined (no filler, or a value
 * without a reliable source), or a tool with side effects that is not allowed to be bypassed.
 */
export type ToolGraphNoBypassReason = 'below-theta' | 'parameters-unknown' | 'side-effects';
