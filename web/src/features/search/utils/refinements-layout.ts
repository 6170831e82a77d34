// The search filters' box: its size is fixed, so the placeholder drawn while the filters load (and
// the server's, src/domain/render/page_lists.cpp) takes exactly the room they will take.
export const refinementsBox = 'h-[5.5rem]';
export const refinementsRow =
  'flex h-10 items-center gap-2 overflow-x-auto overflow-y-hidden whitespace-nowrap [scrollbar-width:none]';
