import { STEP_UP_ACTIONS, STEP_UP_CANCELLED_MESSAGE, type StepUpAction } from '@landunits/domain';
import { ApiError } from './api-error';

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

/**
 * Sends a request; refused with 403 STEP_UP_REQUIRED, asks the dialog and, once the person has
 * confirmed it is them, sends it once more (a second refusal stands). Closing the dialog answers
 * STEP_UP_CANCELLED; with no dialog mounted (or no action named) the refusal stands as it came.
 */
export async function sendWithStepUp<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'STEP_UP_REQUIRED') throw error;
    const action = error.errors.stepUp;
    if (!handler || !isAction(action)) throw error;
    if (await handler({ action, message: error.message })) return send();
    throw new ApiError(error.status, 'STEP_UP_CANCELLED', STEP_UP_CANCELLED_MESSAGE);
  }
}
