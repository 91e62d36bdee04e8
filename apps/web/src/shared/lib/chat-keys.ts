/** The query key of the side menu's unread chat count, refreshed by the chat page after marking read. */
export const CHAT_UNREAD_KEY = ['chat', 'unread'] as const;
