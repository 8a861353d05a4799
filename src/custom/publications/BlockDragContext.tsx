import type { PublicationBlock } from '@contract/publications';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface BlockDragContextProps {
  blocks: readonly PublicationBlock[];
  /** A block was dropped at another place (0-based). */
  onMove(from: number, to: number): void;
  children: ReactNode;
}

/**
 * Makes the block list sortable by dragging (dnd-kit): with a pointer (after a few pixels, so a click
 * still opens the block) or with the keyboard on a block's handle (space or Enter picks up, the arrow
 * keys move, space or Enter drops, Escape cancels), every step announced to screen readers in Dutch.
 */
export function BlockDragContext({ blocks, onMove, children }: BlockDragContextProps) {
  const translate = useTranslate();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = blocks.map((block) => String(block.id));
  const place = (id: UniqueIdentifier | undefined) => ids.indexOf(String(id)) + 1;
  const label = (id: UniqueIdentifier) => {
    const block = blocks.find((candidate) => String(candidate.id) === String(id));
    return translate('app.publications.blocks.drag.block', { position: place(id), name: block?.name ?? '' });
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      translate('app.publications.blocks.drag.picked_up', { block: label(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? translate('app.publications.blocks.drag.over', {
            block: label(active.id),
            position: place(over.id),
            count: ids.length,
          })
        : translate('app.publications.blocks.drag.outside', { block: label(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? translate('app.publications.blocks.drag.dropped', {
            block: label(active.id),
            position: place(over.id),
          })
        : translate('app.publications.blocks.drag.cancelled', { block: label(active.id) }),
    onDragCancel: ({ active }) =>
      translate('app.publications.blocks.drag.cancelled', { block: label(active.id) }),
  };

  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from >= 0 && to >= 0 && from !== to) onMove(from, to);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={dropped}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: translate('app.publications.blocks.drag.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}
