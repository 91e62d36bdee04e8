import { ALL_CONSENT, CONSENT_CATEGORIES, CONSENT_DESCRIPTIONS, DEFAULT_CONSENT, type ConsentChoices } from '@landunits/domain';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../shared/ui/button';
import { Tabs } from '../../shared/ui/tabs';
import type { CookieDetailsProps } from './cookie-details-props';
import * as styles from './cookie-banner.module.css';
import * as switchStyles from '../../shared/ui/switch.module.css';

function Categories({ choices, onChange }: { choices: ConsentChoices; onChange: (next: ConsentChoices) => void }) {
  const baseId = useId();
  return (
    <ul className={styles.cookieCategories}>
      {CONSENT_CATEGORIES.map((category) => {
        const inputId = `${baseId}-${category}`;
        const descriptionId = `${inputId}-description`;
        const locked = category === 'Necessary';
        return (
          <li key={category} className={styles.cookieCategory}>
            <label className={styles.cookieCategoryName} htmlFor={inputId}>
              {category}
            </label>
            <p id={descriptionId} className={styles.cookieCategoryDescription}>
              {CONSENT_DESCRIPTIONS[category]}
            </p>
            <span className={styles.cookieCategoryControl}>
              <input
                id={inputId}
                type="checkbox"
                role="switch"
                className={switchStyles.toggle}
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
        <div className={styles.cookiePanel}>
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
        <div className={styles.cookiePanel}>
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
      <Tabs tabs={tabs} label="Cookie information" defaultSelectedId="details" tabClassName={styles.cookieTab} autoFocus />
      <div className={styles.cookieActions}>
        <Button variant="secondary" className={styles.cookieAction} onClick={() => onSave(DEFAULT_CONSENT)}>
          Necessary only
        </Button>
        <Button variant="secondary" className={styles.cookieAction} onClick={() => onSave(choices)}>
          Allow selection
        </Button>
        <Button className={styles.cookieAction} onClick={() => onSave(ALL_CONSENT)}>
          Allow all
        </Button>
      </div>
    </>
  );
}
