import { STEP_UP_ACTIONS, type StepUpAction } from '@landunits/domain';

/**
 * How an API call that the server refused with 403 STEP_UP_REQUIRED (decision 0050) reaches the
 * step-up dialog: the dialog (StepUpHost, mounted once for every page) registers here, the API
 * client asks it and, once the person has confirmed, sends the same request again.
 */

export interface StepUpAsk {
  action: StepUpAction;
  /** The server's message, naming what the confirmation is for. */
  message: string;
}

/** Answers true once the person has confirmed, false when they closed the dialog. */
type Handler = (ask: StepUpAsk) => Promise<boolean>;

let handler: Handler | null = null;

/** Registers the dialog; answers the function that unregisters it. */
export function onStepUpRequired(next: Handler): () => void {
  handler = next;
  return () => {
    if (handler === next) handler = null;
  };
}

const isAction = (value: string | undefined): value is StepUpAction => STEP_UP_ACTIONS.includes(value as StepUpAction);

/** Asks the dialog, or answers null when none is mounted (or the answer names no action) and the refusal stands. */
export function askStepUp(action: string | undefined, message: string): Promise<boolean> | null {
  if (!handler || !isAction(action)) return null;
  return handler({ action, message });
}
