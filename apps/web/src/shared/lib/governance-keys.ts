/** The query key of the side menu's "needs my vote" count, refreshed by the votes page after a ballot. */
export const NEEDS_MY_VOTE_KEY = ['governance', 'needs-my-vote-count'] as const;
