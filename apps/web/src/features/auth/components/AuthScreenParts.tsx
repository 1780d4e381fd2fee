import { Alert, Anchor, Group, PasswordInput, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useState, type ComponentProps, type ReactNode } from 'react';
import { Link } from 'react-router';

interface AuthScreenHeaderProps {
  title: string;
  description?: ReactNode;
  /** An icon above the title, for the result views (sent, changed, invalid link). */
  icon?: ReactNode;
  iconColor?: string;
}

/** Title block of a signed-out screen; the title is the page's only h1. */
function AuthScreenHeader({ title, description, icon, iconColor = 'brand' }: AuthScreenHeaderProps) {
  return (
    <Stack gap={icon ? 'sm' : 4}>
      {icon && (
        <ThemeIcon size={52} radius="xl" variant="light" color={iconColor} aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
      <Title order={1} fz={26}>
        {title}
      </Title>
      {description && (
        <Text c="dimmed" size="sm" component="div">
          {description}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The one layout of the sign-in side's forms and result views (sign in, forgot password, change
 * password): the title block, the content, and the way back to sign-in (or another footer).
 */
export function AuthScreen({ children, footer = <BackToSignInLink />, ...header }: AuthScreenHeaderProps & { children?: ReactNode; footer?: ReactNode }) {
  return (
    <Stack gap="xl">
      <AuthScreenHeader {...header} />
      {children}
      {footer}
    </Stack>
  );
}

/** The way back from every signed-out screen (docs/product.md §2: 'Back to Sign In'). */
export function BackToSignInLink() {
  return (
    <Anchor component={Link} to="/login" size="sm" fw={500}>
      <Group gap={6} component="span">
        <IconArrowLeft size={16} aria-hidden="true" />
        Back to Sign In
      </Group>
    </Anchor>
  );
}

/** Why a sign-in, reset or password-change form was refused: the server's message or the spec's default. */
export function FormFailure({ children }: { children: ReactNode }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden="true" />}>
      {children}
    </Alert>
  );
}

type PasswordFieldProps = ComponentProps<typeof PasswordInput> & { label: string };

/** A password input whose show/hide toggle is a named, focusable button (docs/product.md §2: a toggle on each field). */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;
  return (
    <PasswordInput
      label={label}
      required
      size="md"
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ 'aria-label': toggleLabel, 'aria-pressed': visible, tabIndex: 0, title: toggleLabel }}
      {...props}
    />
  );
}
