import * as styles from './home.module.css';

/** A quiet landscape: rolling fields, a hedgerow and trees under a pale sky. Decorative. */
export function HeroArt() {
  return (
    <svg className={styles.homeHeroArt} viewBox="0 0 480 360" aria-hidden="true" focusable="false">
      <defs>
        <clipPath id="hero-art-frame">
          <rect width="480" height="360" rx="24" />
        </clipPath>
      </defs>
      <g clipPath="url(#hero-art-frame)">
        <rect width="480" height="360" fill="#eef4ee" />
        <circle cx="370" cy="86" r="34" fill="#f4e3b5" />
        <path d="M0 210c70-40 150-52 240-30s170 10 240-24v204H0z" fill="#b9d3b4" />
        <path d="M0 250c90-34 190-30 280-8s150 12 200-6v124H0z" fill="#7fae80" />
        <path d="M0 300c110-30 230-26 330-6 60 12 110 8 150-2v68H0z" fill="#2a6a47" />
        <path d="M40 262c40-10 90-12 150-4" stroke="#1f5135" strokeWidth="10" strokeLinecap="round" fill="none" />
        <g fill="#1f5135">
          <path d="M300 214l18-52 18 52z" />
          <path d="M328 220l22-64 22 64z" />
          <path d="M362 212l16-46 16 46z" />
        </g>
        <g fill="#173f29">
          <rect x="316" y="213" width="4" height="12" />
          <rect x="348" y="219" width="4" height="12" />
          <rect x="376" y="211" width="4" height="12" />
        </g>
        <path d="M0 330c120-16 300-16 480 0" stroke="#e8dcc4" strokeWidth="6" fill="none" />
      </g>
    </svg>
  );
}
