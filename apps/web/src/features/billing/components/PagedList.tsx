import { Box, Group, Pagination, Paper, Stack, Table, Text } from '@mantine/core';
import { BILLING_PAGE_SIZE } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { pageOf } from '../billing-display';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  align?: 'left' | 'right';
}

/**
 * Statements, payments and orders, 20 to a page (docs/product.md §9): a table where there is room,
 * one card per row on narrower screens, so no value breaks and nothing scrolls sideways.
 */
export function PagedList<T>({
  label,
  rows,
  rowKey,
  columns,
  card,
}: {
  label: string;
  rows: T[];
  rowKey: (row: T) => string | number;
  columns: Column<T>[];
  card: (row: T) => ReactNode;
}) {
  const [page, setPage] = useState(1);
  const { rows: shown, pages } = pageOf(rows, page, BILLING_PAGE_SIZE);
  const current = Math.min(page, pages);
  const first = (current - 1) * BILLING_PAGE_SIZE + 1;
  return (
    <Stack gap="md">
      <Stack gap="xs" hiddenFrom="md" component="ul" p={0} m={0} aria-label={label} style={{ listStyle: 'none' }}>
        {shown.map((row) => (
          <Paper key={rowKey(row)} component="li" withBorder radius="md" p="sm">
            {card(row)}
          </Paper>
        ))}
      </Stack>
      {/* Beside the side panel (md–lg) a wide table scrolls within its card instead of running under the panel. */}
      <Box visibleFrom="md" style={{ overflowX: 'auto' }}>
        <Table verticalSpacing="sm" highlightOnHover aria-label={label}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column.header} ta={column.align ?? 'left'}>
                  {column.header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((column) => (
                  <Table.Td key={column.header} ta={column.align ?? 'left'}>
                    {column.cell(row)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Showing {first}–{first + shown.length - 1} of {rows.length}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={current}
            onChange={setPage}
            size="sm"
            getControlProps={(control) => ({ 'aria-label': control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : control })}
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
          />
        )}
      </Group>
    </Stack>
  );
}
