import { ALL_CONSENT, CONSENT_CATEGORIES, CONSENT_DESCRIPTIONS, DEFAULT_CONSENT, type ConsentChoices } from '@landunits/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button';
import { Tabs } from '../../shared/ui/tabs';
import type { CookieDetailsProps } from './cookie-details-props';

function Categories({ choices, onChange }: { choices: ConsentChoices; onChange: (next: ConsentChoices) => void }) {
  const baseId = useId();
  return (
    <ul className="cookie-categories">
      {CONSENT_CATEGORIES.map((category) => {
        const inputId = `${baseId}-${category}`;
        const descriptionId = `${inputId}-description`;
        const locked = category === 'Necessary';
        return (
          <li key={category} className="cookie-category">
            <label className="cookie-category__name" htmlFor={inputId}>
              {category}
            </label>
            <p id={descriptionId} className="cookie-category__description">
              {CONSENT_DESCRIPTIONS[category]}
            </p>
            <span className="cookie-category__control">
              <input
                id={inputId}
                type="checkbox"
                role="switch"
                className="switch"
                checked={locked || choices[category]}
                disabled={locked}
                aria-describedby={descriptionId}
                onChange={(event) => onChange({ ...choices, [category]: event.target.checked })}
              />
              <span aria-hidden="true">{locked ? 'Always on' : choices[category] ? 'On' : 'Off'}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/** The detailed view of the cookie banner, loaded only when asked for. */
export function CookieDetails({ initial, onSave }: CookieDetailsProps) {
  const [choices, setChoices] = useState<ConsentChoices>({ ...initial, Necessary: true });

  const tabs = [
    {
      id: 'consent',
      label: 'Consent',
      panel: (
        <div className="cookie-panel">
          <p>
            Necessary cookies keep the site working and your account safe, so they are always on. Every other kind is off until you turn it on: choose in Details, then Allow selection, or allow all of
            them.
          </p>
          <p>Your choice is kept on this device for a year. You can change it at any time with Cookie settings at the foot of every page.</p>
        </div>
      ),
    },
    {
      id: 'details',
      label: 'Details',
      panel: <Categories choices={choices} onChange={setChoices} />,
    },
    {
      id: 'about',
      label: 'About',
      panel: (
        <div className="cookie-panel">
          <p>
            Cookies are small text files a website keeps in your browser. Land Units uses its own necessary cookies for sign-in and security. Statistics and marketing tools load only after you allow
            them.
          </p>
          <p>
            Read how we handle your data in our <Link to="/privacy-policy">Privacy Policy</Link>.
          </p>
        </div>
      ),
    },
  ];

  return (
    <>
      <Tabs tabs={tabs} label="Cookie information" defaultSelectedId="details" autoFocus />
      <div className="cookie-actions">
        <Button variant="secondary" onClick={() => onSave(DEFAULT_CONSENT)}>
          Necessary only
        </Button>
        <Button variant="secondary" onClick={() => onSave(choices)}>
          Allow selection
        </Button>
        <Button onClick={() => onSave(ALL_CONSENT)}>Allow all</Button>
      </div>
    </>
  );
}
