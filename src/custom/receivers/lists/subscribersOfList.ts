import type { ReceiverList, Subscriber } from '@contract/receivers';
import type { ResourceDeclaration } from '../../../declarative/resourceDeclaration';
import type { TableView } from '../../../declarative/viewDeclaration';
import { listLabels } from './listLabels';

/**
 * The subscribers table as one list shows it: a column for each label the list has set; a deleted
 * list is read-only (no new subscriber, no delete, no update panel).
 */
export function subscribersOfList(subscribers: ResourceDeclaration, list: ReceiverList): ResourceDeclaration {
  const view = subscribers.views.list as TableView<Subscriber>;
  const attributeColumns = listLabels(list).map(({ number, label }) => ({
    source: `attribute${number}` as const,
    label,
    sortable: false,
  }));
  const { create, edit, ...otherViews } = subscribers.views;
  return {
    ...subscribers,
    views: {
      ...otherViews,
      ...(list.isDeleted ? {} : { create, edit }),
      list: {
        ...view,
        columns: [...view.columns, ...attributeColumns],
        rowClick: list.isDeleted ? false : view.rowClick,
        delete: list.isDeleted ? undefined : view.delete,
      },
    },
  } as ResourceDeclaration;
}
