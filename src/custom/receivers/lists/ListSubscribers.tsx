import type { ReceiverList, Subscriber } from '@contract/receivers';
import { useMemo } from 'react';
import { DeclaredTable } from '../../../declarative/DeclaredTable';
import type { ResourceDeclaration } from '../../../declarative/resourceDeclaration';
import type { TableView } from '../../../declarative/viewDeclaration';
import { subscribers } from '../../../resources/subscribers';
import { listLabels } from './listLabels';

/**
 * The subscribers table of a list page: the declared table with a column for each label the list has
 * set. A deleted list is read-only (no new subscriber, no delete, no update panel).
 */
export function ListSubscribers({ list }: { list: ReceiverList }) {
  const declaration = useMemo(() => subscribersOf(list), [list]);
  return (
    <DeclaredTable declaration={declaration as ResourceDeclaration} filter={{ listId: list.id }} embedded />
  );
}

function subscribersOf(list: ReceiverList) {
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
  };
}
