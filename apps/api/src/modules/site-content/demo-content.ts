/**
 * Demo content of the public website: news categories, news items and the team. Every item and
 * person is marked `isDemo` so the site can say so and an operator can replace them. Images are
 * the flat illustrations in apps/web/public/media/news (served at /media/news/…); links lead to
 * pages of this site.
 */

export interface DemoCategory {
  name: string;
  slug: string;
}

export interface DemoNewsItem {
  category: string;
  title: string;
  description: string;
  image: string;
  imageAlt: string;
  link: string;
  /** ISO instant, before the first run of the demo (November 2026). */
  publishedAt: string;
}

export interface DemoTeamMember {
  name: string;
  role: string;
  bio: string;
}

export const DEMO_NEWS_CATEGORIES: readonly DemoCategory[] = [
  { name: 'Land projects', slug: 'land-projects' },
  { name: 'Environment', slug: 'environment' },
  { name: 'Company news', slug: 'company-news' },
  { name: 'Reports', slug: 'reports' },
];

export const DEMO_NEWS_ITEMS: readonly DemoNewsItem[] = [
  {
    category: 'land-projects',
    title: 'Planting begins on our 40 hectare forest project',
    description:
      'Our land team and local volunteers have started planting native oak, birch, rowan and hazel across 40 hectares of former grazing land, with rides left open for wildlife and walkers.',
    image: '/media/news/forest.svg',
    imageAlt: 'Rows of young conifers and broadleaf trees on a green hillside, with a path in the foreground',
    link: '/statistics',
    publishedAt: '2025-02-12T09:00:00.000Z',
  },
  {
    category: 'environment',
    title: 'Seven per cent more hedgerow across the land we manage',
    description: 'Gapped hedges have been replanted and new ones laid along field margins, giving birds, bats and pollinators corridors between woods. The survey puts the increase at 7 %.',
    image: '/media/news/hedgerow.svg',
    imageAlt: 'Fields divided by thick green hedgerows under a pale sky',
    link: '/statistics',
    publishedAt: '2025-04-03T09:00:00.000Z',
  },
  {
    category: 'company-news',
    title: 'Land Units opens to businesses and governments',
    description: 'Organisations can now hold Units for their CSR and ESG programmes, with bank payment by default and reporting on the land their Units are backed by.',
    image: '/media/news/fields.svg',
    imageAlt: 'A patchwork of ploughed and green fields with a farmhouse on the horizon',
    link: '/business',
    publishedAt: '2025-06-18T09:00:00.000Z',
  },
  {
    category: 'environment',
    title: 'Giving the river room to slow down',
    description: 'Along two kilometres of riverbank we have fenced out livestock, planted reeds and reconnected old meanders, so floodwater spreads and settles instead of rushing downstream.',
    image: '/media/news/river.svg',
    imageAlt: 'A winding river through green meadows with reeds and trees on its banks',
    link: '/references',
    publishedAt: '2025-09-09T09:00:00.000Z',
  },
  {
    category: 'land-projects',
    title: 'Three farms move away from synthetic pesticides',
    description: 'Wildflower strips, beetle banks and crop rotation now do much of the work pesticides used to do on three tenant farms. Yields are being tracked field by field.',
    image: '/media/news/meadow.svg',
    imageAlt: 'A wildflower meadow with white and sand coloured flowers in front of a tree',
    link: '/statistics',
    publishedAt: '2025-11-27T09:00:00.000Z',
  },
  {
    category: 'reports',
    title: 'The 2025 report: land, prices and impact in figures',
    description: 'Our first yearly report sets out the land value we manage in each currency, how the Unit price is calculated, and the environmental results of the year. It is free to download.',
    image: '/media/news/growth.svg',
    imageAlt: 'Green bars rising above a field, with a line climbing towards the sun',
    link: '/statistics',
    publishedAt: '2026-01-15T09:00:00.000Z',
  },
  {
    category: 'company-news',
    title: 'Twenty years of looking after land',
    description: 'The people behind Land Units have managed farmland and woodland for twenty years. Read how the company started and why sale money goes into sustainably managed land.',
    image: '/media/news/fields.svg',
    imageAlt: 'A patchwork of ploughed and green fields with a farmhouse on the horizon',
    link: '/about-us',
    publishedAt: '2026-03-20T09:00:00.000Z',
  },
  {
    category: 'environment',
    title: 'Measuring the carbon stored in our soils',
    description: 'Soil cores taken every spring show how much carbon the roots of grass, hedges and trees put back into the ground. Our method and its sources are on the references page.',
    image: '/media/news/soil.svg',
    imageAlt: 'A cross-section of soil with grass and a tree above and roots reaching down',
    link: '/references',
    publishedAt: '2026-06-05T09:00:00.000Z',
  },
  {
    category: 'land-projects',
    title: 'A new wetland on the valley floor',
    description: 'A wet corner of a former arable field has become a series of shallow scrapes and ponds. Within months it drew wading birds, dragonflies and amphibians back to the valley.',
    image: '/media/news/river.svg',
    imageAlt: 'A winding river through green meadows with reeds and trees on its banks',
    link: '/news/category/land-projects',
    publishedAt: '2026-09-14T09:00:00.000Z',
  },
  {
    category: 'company-news',
    title: 'Your questions about Units, answered',
    description: 'What is a Unit, is it land, how does the price rise and what happens if the company fails? Our FAQ now answers the ten questions we are asked most.',
    image: '/media/news/hedgerow.svg',
    imageAlt: 'Fields divided by thick green hedgerows under a pale sky',
    link: '/faq',
    publishedAt: '2026-10-30T09:00:00.000Z',
  },
];

/** Seven invented people (the SPEC's team page lists seven with roles). */
export const DEMO_TEAM: readonly DemoTeamMember[] = [
  {
    name: 'Elinor Fernbrook',
    role: 'CEO',
    bio: 'Elinor has run land restoration programmes for two decades and leads Land Units’ strategy and partnerships.',
  },
  {
    name: 'Tobias Hawthorn',
    role: 'Head of Land Management',
    bio: 'Tobias plans the forestry, hedgerow and wetland work on every site and the surveys that measure it.',
  },
  {
    name: 'Priya Meadowcroft',
    role: 'Chief Financial Officer',
    bio: 'Priya is responsible for the land valuations, the accounts and the safekeeping of customers’ money.',
  },
  {
    name: 'Marcus Ashgrove',
    role: 'Head of Compliance',
    bio: 'Marcus oversees identity checks, data protection and the rules that keep Land Units fair and transparent.',
  },
  {
    name: 'Ingrid Willowby',
    role: 'Head of Engineering',
    bio: 'Ingrid leads the team that builds the platform, with a focus on exact figures, security and accessibility.',
  },
  {
    name: 'Samuel Brookes',
    role: 'Community Manager',
    bio: 'Samuel runs the community questions, votes and ideas, and organises visits to the land.',
  },
  {
    name: 'Clara Thistlewood',
    role: 'Head of Sales',
    bio: 'Clara works with individuals, businesses and governments choosing Units for their sustainability goals.',
  },
];
