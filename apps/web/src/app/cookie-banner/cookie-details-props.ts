import type { ConsentChoices } from '@landunits/domain';

export interface CookieDetailsProps {
  initial: ConsentChoices;
  onSave: (choices: ConsentChoices) => void;
}
