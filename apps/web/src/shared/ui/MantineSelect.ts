// Mantine's Select (with its combobox, scroll area and floating-ui: ~36 KB compressed) as a chunk of its own, for
// SelectLoadedOnUse.
export { Select } from '@mantine/core';
