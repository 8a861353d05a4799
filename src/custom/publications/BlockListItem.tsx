import type { PublicationBlock } from '@contract/publications';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { ConfirmedRun } from '../../declarative/ConfirmedRun';
import { blockSummary } from './blockSummary';

export interface BlockListItemProps {
  block: PublicationBlock;
  /** 0-based place in the shown order. */
  index: number;
  isLast: boolean;
  disabled: boolean;
  /** The member's role may not change blocks: no buttons to move or remove it. */
  readOnly?: boolean;
  onMove(offset: -1 | 1): void;
  onRemove(): void;
  /** Whether the block's editor shows below it. */
  expanded: boolean;
  /** The block has edits the server does not have: its editor stays alive (closed or not) and says so. */
  unsaved?: boolean;
  onToggle(): void;
  /** The block's editor, rendered only while expanded (closing it saves what waits). */
  children: ReactNode;
}

/**
 * One block of a publication: its place, group and title, with buttons to move it up or down and to
 * remove it; a click on it opens its editor below it.
 */
export function BlockListItem({
  block,
  index,
  isLast,
  disabled,
  readOnly = false,
  onMove,
  onRemove,
  expanded,
  unsaved = false,
  onToggle,
  children,
}: BlockListItemProps) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const names = { position: index + 1, name: block.name };
  const up = translate('app.publications.blocks.move_up', names);
  const down = translate('app.publications.blocks.move_down', names);
  const remove = translate('app.publications.blocks.remove', names);
  const drag = translate('app.publications.blocks.drag.handle', names);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: String(block.id), disabled });
  const editorId = `block-editor-${block.id}`;
  const summary = blockSummary(block);

  return (
    <Box
      component="li"
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition: transition }}
      sx={{
        borderBottom: 1,
        borderColor: 'divider',
        position: 'relative',
        bgcolor: 'background.paper',
        ...(isDragging ? { zIndex: 1, boxShadow: 4 } : {}),
      }}
    >
      <ListItem
        component="div"
        disablePadding
        data-testid="publication-block"
        secondaryAction={
          readOnly ? undefined : (
            <Stack direction="row">
              <Tooltip title={drag}>
                <IconButton
                  aria-label={drag}
                  ref={setActivatorNodeRef}
                  disabled={disabled}
                  {...attributes}
                  {...listeners}
                  // The role and description dnd-kit gives; the name says what it moves.
                  aria-roledescription={translate('app.publications.blocks.drag.roledescription')}
                  sx={{ cursor: disabled ? undefined : 'grab', touchAction: 'none' }}
                >
                  <DragIndicatorIcon />
                </IconButton>
              </Tooltip>
              <Tooltip title={up}>
                <span>
                  <IconButton aria-label={up} disabled={disabled || index === 0} onClick={() => onMove(-1)}>
                    <ArrowUpwardIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={down}>
                <span>
                  <IconButton aria-label={down} disabled={disabled || isLast} onClick={() => onMove(1)}>
                    <ArrowDownwardIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <Tooltip title={remove}>
                <span>
                  <IconButton
                    aria-label={remove}
                    disabled={disabled}
                    onClick={() => setConfirming(true)}
                    edge="end"
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </span>
              </Tooltip>
              <ConfirmedRun
                isOpen={confirming}
                title="app.publications.blocks.remove_title"
                content="app.publications.blocks.remove_confirm"
                translateOptions={names}
                // The block list runs the removal and says how it went.
                run={async () => onRemove()}
                onClose={() => setConfirming(false)}
              />
            </Stack>
          )
        }
        // From 600 px: room for the four 40px buttons on the right, so the text never runs under them.
        // On a phone the buttons go on their own row below, so the block's text keeps the width.
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          '& > .MuiListItemButton-root': { pr: { xs: 2, sm: '176px' } },
          '& > .MuiListItemSecondaryAction-root': {
            position: { xs: 'static', sm: 'absolute' },
            transform: { xs: 'none', sm: 'translateY(-50%)' },
            width: { xs: '100%', sm: 'auto' },
            display: 'flex',
            justifyContent: 'flex-end',
            pb: { xs: 0.5, sm: 0 },
          },
        }}
      >
        <ListItemButton
          onClick={onToggle}
          aria-expanded={expanded}
          aria-controls={expanded ? editorId : undefined}
        >
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Avatar sx={{ bgcolor: 'primary.main', width: 32, height: 32, fontSize: 14 }}>{index + 1}</Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={block.name}
            secondary={
              <>
                {unsaved ? (
                  <Box component="span" sx={{ color: 'error.main', fontWeight: 'medium' }}>
                    {translate('app.publications.blocks.unsaved')}
                    {' · '}
                  </Box>
                ) : null}
                {summary ?? translate('app.publications.blocks.untitled')}
              </>
            }
            slotProps={{ secondary: { noWrap: true } }}
          />
          {expanded ? <ExpandLessIcon color="action" /> : <ExpandMoreIcon color="action" />}
        </ListItemButton>
      </ListItem>
      {/* Closing an editor with unsaved edits only hides it: the draft and its marked fields stay. */}
      <Collapse in={expanded} unmountOnExit={!unsaved}>
        <Box id={editorId} sx={{ px: { xs: 1, sm: 2 }, pt: 1, pb: 3 }}>
          {children}
        </Box>
      </Collapse>
    </Box>
  );
}
