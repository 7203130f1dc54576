import { useNavigation } from "react-router";

/** True from the moment a form is sent to this page until the page it leads to is shown. */
export function useSending(path: string) {
  const navigation = useNavigation();
  return (
    navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction?.split("?")[0] === path
  );
}
