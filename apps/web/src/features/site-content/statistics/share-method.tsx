import { PROJECT_SHARE_METHOD } from '@landunits/domain';
import * as styles from '../statistics-page.module.css';

/**
 * /statistics#your-share-method: how the dashboard's "your share" of the land projects' figures is
 * worked out, in plain words (decision 0065). Shown whether or not the figures have loaded, so a
 * link from the dashboard always lands on it.
 */
export function ShareMethod() {
  const m = PROJECT_SHARE_METHOD;
  return (
    <section id={m.anchor} tabIndex={-1} className={styles.statsSection} aria-labelledby="stats-share-method-title">
      <h2 id="stats-share-method-title">{m.title}</h2>
      <p>On your dashboard, Your impact shows your share of what the land projects report, in tonnes of CO&#8322;, trees, metres of hedgerow and hectares. This is how it is worked out.</p>
      <ol>
        {m.steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p>{m.note}</p>
    </section>
  );
}
