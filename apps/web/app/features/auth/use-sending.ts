import { useNavigation } from "react-router";

/**
 * True from the moment a form is sent to this page until the page it leads to is shown. With
 * `intent`, only when the button that sent it carries that intent (a page with several
 * buttons: the sign-in's 'Connexion' and its passkey's); without, only when none does.
 */
export function useSending(path: string, intent: string | null = null) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction?.split("?")[0] === path &&
    (navigation.formData?.get("intent") ?? null) === intent
  );
}
