import { SITE_API } from '@landunits/domain';
import { Link } from 'react-router';
import { Section, SitePage, WithContents, type TocItem } from './page-parts';
import * as sitePagesStyles from '../site-pages.module.css';

/**
 * /references: where the environmental figures come from. Publications are cited by title and
 * publisher; the only links are to the publishers' home pages, which stay put when documents move.
 */

interface Reference {
  title: string;
  publisher: string;
  about: string;
}

interface Publisher {
  name: string;
  url: string;
  host: string;
}

const OUR_FIGURES: TocItem = { id: 'our-figures', title: 'Our own figures' };

const GROUPS: readonly (TocItem & { intro: string; references: readonly Reference[] })[] = [
  {
    id: 'hedgerows',
    title: 'Hedgerows',
    intro: 'What counts as a hedgerow, how hedgerow length and condition are measured, and how they have changed.',
    references: [
      {
        title: 'Countryside Survey',
        publisher: 'UK Centre for Ecology & Hydrology',
        about: 'Long-running survey of the British countryside, including the length and condition of hedgerows.',
      },
      {
        title: 'The Hedgerows Regulations 1997',
        publisher: 'UK legislation',
        about: 'The rules that define and protect countryside hedgerows in England and Wales.',
      },
    ],
  },
  {
    id: 'forests',
    title: 'Forests and woodland',
    intro: 'How woodland area is counted, and how new planting adds to it.',
    references: [
      {
        title: 'Forestry Statistics',
        publisher: 'Forest Research',
        about: 'The yearly official statistics on woodland area, planting and timber in the UK.',
      },
      {
        title: 'Global Forest Resources Assessment',
        publisher: 'Food and Agriculture Organization of the United Nations (FAO)',
        about: 'Worldwide figures on forest area and how it changes, with the definitions most countries use.',
      },
    ],
  },
  {
    id: 'soil-carbon',
    title: 'Soil, carbon and land use',
    intro: 'How land takes in and stores carbon, and how emissions and removals from land are reported.',
    references: [
      {
        title: 'Climate Change and Land (special report, 2019)',
        publisher: 'Intergovernmental Panel on Climate Change (IPCC)',
        about: 'The science of how land management affects greenhouse gases, soil carbon and nature.',
      },
      {
        title: 'Final UK greenhouse gas emissions national statistics',
        publisher: 'Department for Energy Security and Net Zero, UK government',
        about: 'The national figures, including land use, land-use change and forestry.',
      },
      {
        title: 'Agri-environmental indicators',
        publisher: 'Eurostat, the statistical office of the European Union',
        about: 'EU statistics on farming and the environment, including soil, nitrogen balance and pesticides.',
      },
    ],
  },
  {
    id: 'farming',
    title: 'Farming practice',
    intro: 'Organic farming, fertiliser and pesticide use.',
    references: [
      {
        title: 'Organic farming statistics',
        publisher: 'Eurostat, the statistical office of the European Union',
        about: 'Area farmed organically across the EU, and how it changes.',
      },
    ],
  },
];

const PUBLISHERS: readonly Publisher[] = [
  { name: 'UK government', url: 'https://www.gov.uk/', host: 'www.gov.uk' },
  { name: 'UK legislation', url: 'https://www.legislation.gov.uk/', host: 'www.legislation.gov.uk' },
  { name: 'UK Centre for Ecology & Hydrology', url: 'https://www.ceh.ac.uk/', host: 'www.ceh.ac.uk' },
  { name: 'Forest Research', url: 'https://www.forestresearch.gov.uk/', host: 'www.forestresearch.gov.uk' },
  { name: 'Food and Agriculture Organization of the United Nations', url: 'https://www.fao.org/', host: 'www.fao.org' },
  { name: 'Intergovernmental Panel on Climate Change', url: 'https://www.ipcc.ch/', host: 'www.ipcc.ch' },
  { name: 'Eurostat', url: 'https://ec.europa.eu/eurostat', host: 'ec.europa.eu/eurostat' },
];

const PUBLISHERS_ITEM: TocItem = { id: 'publishers', title: 'Publishers' };

export function ReferencesPage() {
  return (
    <SitePage title="References" lead="Where the environmental figures we publish come from, and the public statistics and guidance that help you read them.">
      <WithContents items={[OUR_FIGURES, ...GROUPS, PUBLISHERS_ITEM]}>
        <Section item={OUR_FIGURES}>
          <p>
            The figures on this site (30 % additional CO2 sequestration, a 7 % increase in hedgerows, a 5 % increase in forest and a 40 ha forest project) are our own results, measured on the land we
            manage.
          </p>
          <p>
            The current figures are on the <Link to="/statistics">statistics page</Link>, and the{' '}
            <a href={SITE_API.report2025} type="application/pdf">
              2025 report (PDF)
            </a>{' '}
            brings them together.
          </p>
          <p>
            The publications below are background reading: public statistics and guidance on hedgerows, forestry, soil carbon and farming. They explain how these things are measured and give the wider
            picture. They do not check or endorse our figures.
          </p>
        </Section>

        {GROUPS.map((group) => (
          <Section key={group.id} item={group}>
            <p>{group.intro}</p>
            <ul className={sitePagesStyles.siteReferences}>
              {group.references.map((reference) => (
                <li key={reference.title}>
                  <cite>{reference.title}</cite>, {reference.publisher}
                  <p>{reference.about}</p>
                </li>
              ))}
            </ul>
          </Section>
        ))}

        <Section item={PUBLISHERS_ITEM}>
          <p>The publications are on their publishers&apos; websites. Search there for the titles above.</p>
          <ul>
            {PUBLISHERS.map((publisher) => (
              <li key={publisher.url}>
                {publisher.name}: <a href={publisher.url}>{publisher.host}</a>
              </li>
            ))}
          </ul>
        </Section>
      </WithContents>
    </SitePage>
  );
}
