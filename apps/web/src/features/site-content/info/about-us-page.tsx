import { Link } from 'react-router';
import { Disclaimer, LinkList, SitePage } from './page-parts';
import { TrustStatementSections } from './trust-statements';
import * as sitePagesStyles from '../site-pages.module.css';

const FIGURES = [
  { figure: '30 %', label: 'additional CO2 sequestration' },
  { figure: '7 %', label: 'more hedgerows' },
  { figure: '5 %', label: 'more forest' },
  { figure: '40 ha', label: 'forest project' },
] as const;

/** /about-us: who runs Land Units, what sustainable management means, the operator's regulatory and security statements once written, where to read more. */
export function AboutUsPage() {
  return (
    <SitePage
      title="About us"
      eyebrow="Land Units"
      lead="We have managed land for 20 years. Land Units lets individuals, businesses and governments take part in that work: the money from Unit sales buys land that we manage sustainably."
    >
      <div className={sitePagesStyles.siteText}>
        <section className={sitePagesStyles.siteSection}>
          <h2>Twenty years of managing land</h2>
          <p>
            The people behind Land Units have looked after farmland, woodland and hedgerows for two decades. We have worked on land projects of up to $150 million, and we run a 40 ha forest project on
            land we manage.
          </p>
          <p>We started Land Units so that more people could back that work directly. Units are priced in pounds, US dollars, euros and Australian dollars, and registering takes about a minute.</p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>What sustainable management means</h2>
          <p>
            Managing land sustainably means running it for nature as well as for its value: planting and caring for trees and hedgerows, keeping soil healthy so it holds more carbon, using organic
            practices and natural sources of nitrogen, and using no pesticides. On the land we manage it has brought:
          </p>
          <ul className={sitePagesStyles.siteGrid} aria-label="Results on the land we manage">
            {FIGURES.map((item) => (
              <li key={item.label} className={sitePagesStyles.siteCard}>
                <span className={sitePagesStyles.siteFigure}>{item.figure}</span>
                {item.label}
              </li>
            ))}
          </ul>
          <p>
            The <Link to="/statistics">statistics</Link> show the current figures for the land behind Land Units, and the <Link to="/references">references</Link> list the sources we read them
            against.
          </p>
        </section>

        <section className={sitePagesStyles.siteSection}>
          <h2>How Land Units works with the land</h2>
          <p>
            The money from Unit sales is used to buy sustainably managed land. We earn 2 % on the land we manage, plus small fees on purchases and sales that are all listed on the{' '}
            <Link to="/fees">fees page</Link>.
          </p>
          <p>
            A Unit is not ownership of land: the land belongs to the company and we manage it. What a Unit is, and what it is not, is explained in the <Link to="/faq">frequently asked questions</Link>
            .
          </p>
        </section>

        <TrustStatementSections />

        <section className={sitePagesStyles.siteSection}>
          <h2>Learn more</h2>
          <LinkList
            links={[
              { to: '/team', label: 'Meet the team' },
              { to: '/statistics', label: 'Land and environmental statistics' },
              { to: '/references', label: 'References' },
              { to: '/business', label: 'For businesses and governments' },
              { to: '/contact-us', label: 'Contact us' },
            ]}
          />
        </section>

        <Disclaimer />
      </div>
    </SitePage>
  );
}
