/** Id of the grouped menu (sidebar or drawer) that the header's toggle controls. */
export const GROUPED_MENU_ID = 'grouped-menu';
