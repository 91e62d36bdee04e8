/**
 * The audit log's actions (`<area>.<verb>`) named for people. The log lists every action it holds;
 * one missing here is shown by its code name until it gets a label.
 */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  'order.transition': 'Order decision',
  'order.clearPaymentFlag': 'Payment checked',
  'order.payout.markPaid': 'Payout marked paid',
  'order.payout.confirm': 'Payout confirmed by a second admin',
  'referenceCode.create': 'Code created',
  'referenceCode.disable': 'Code disabled',
  'settings.money.update': 'Money settings changed',
  'settings.impact.update': 'Impact figures changed',
  'emailChange.approve': 'Email change approved',
  'emailChange.reject': 'Email change rejected',
  'verification.approve': 'Verification approved',
  'verification.reject': 'Verification rejected',
  'verification.reupload': 'New document asked for',
  'admin.invite': 'Admin invited',
  'admin.reinvite': 'Invitation sent again',
  'admin.acceptInvitation': 'Invitation accepted',
  'admin.changeRole': 'Admin role changed',
  'admin.remove': 'Admin removed',
  'admin.cancelInvitation': 'Invitation cancelled',
  'audit.export': 'Audit log exported',
  'contactMessage.reply': 'Contact message answered',
  'contactMessage.close': 'Contact message closed',
  'contactMessage.reopen': 'Contact message reopened',
  'subscribers.export': 'Subscribers exported',
  'user.reveal': 'Personal data revealed',
  'user.purchaseLimitOverride': 'Purchase limit changed',
  'user.disable': 'Account disabled',
  'user.enable': 'Account enabled',
  'user.resendConfirmation': 'Confirmation email resent',
  'news.create': 'Article written',
  'news.update': 'Article changed',
  'news.publish': 'Article published',
  'news.unpublish': 'Article unpublished',
  'news.delete': 'Article deleted',
  'newsCategory.create': 'News category added',
  'newsCategory.update': 'News category changed',
  'newsCategory.delete': 'News category deleted',
  'teamMember.create': 'Team member added',
  'teamMember.update': 'Team member changed',
  'teamMember.delete': 'Team member removed',
  'team.reorder': 'Team reordered',
  'siteImage.upload': 'Website image uploaded',
};

export const auditActionLabel = (action: string): string => AUDIT_ACTION_LABELS[action] ?? action;

/** The kinds of things actions change, named for people. */
export const AUDIT_TARGET_LABELS: Readonly<Record<string, string>> = {
  order: 'Order',
  referenceCode: 'Reference code',
  settings: 'Settings',
  emailChange: 'Email change',
  profileVerification: 'Profile verification',
  bankVerification: 'Bank verification',
  admin: 'Admin',
  audit: 'Audit log',
  contactMessage: 'Contact message',
  user: 'Person',
  newsItem: 'News article',
  newsCategory: 'News category',
  teamMember: 'Team member',
  team: 'Team',
  siteImage: 'Website image',
  newsletterSubscribers: 'Newsletter subscribers',
};

export const auditTargetLabel = (type: string): string => AUDIT_TARGET_LABELS[type] ?? type;
