import { Button, Group, Text } from '@mantine/core';
import { pageButtons } from '../user-display';

/** Up to 5 page buttons with ellipses (docs/product.md §9), and Previous / Next. */
export function UsersPaginator({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label="Pages" gap={4} justify="center" wrap="wrap">
      <Button variant="default" size="xs" aria-label="Previous page" disabled={page === 1} onClick={() => onChange(page - 1)}>
        Previous
      </Button>
      {pageButtons(page, pages).map((button, index) =>
        button === 'gap' ? (
          <Text key={`gap-${index}`} c="dimmed" px={4} aria-hidden="true">
            …
          </Text>
        ) : (
          <Button
            key={button}
            size="xs"
            variant={button === page ? 'filled' : 'default'}
            aria-label={`Page ${button}`}
            aria-current={button === page ? 'page' : undefined}
            onClick={() => onChange(button)}
          >
            {button}
          </Button>
        ),
      )}
      <Button variant="default" size="xs" aria-label="Next page" disabled={page === pages} onClick={() => onChange(page + 1)}>
        Next
      </Button>
    </Group>
  );
}
