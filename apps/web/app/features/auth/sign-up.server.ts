import { data, redirect } from "react-router";
import { api } from "../../lib/api";
import { checkPicture } from "./profile-picture";
import { afterSignUp, checkSignUp, readSignUpForm, type SignUpFailure, signUpFailure, signUpInput } from "./sign-up";

/**
 * The sign-up page's server action, for a form sent without scripts: the picture then comes as
 * the chosen file itself (not resized), checked as the page would, and made a data URL here.
 */
export async function signUpOnServer(request: Request) {
  const form = await request.formData();
  const { values, redirectTo } = readSignUpForm(form);
  const invalid = checkSignUp(values);
  if (invalid) return data(invalid, { status: 400 });
  const file = form.get("picture");
  // A form sent without a file still carries an empty, nameless one.
  if (!values.profilePic && file instanceof File && file.size > 0) {
    const refused = checkPicture(file);
    if (refused) {
      const failure: SignUpFailure = {
        message: refused,
        values: { name: values.name, email: values.email },
        fieldErrors: { profilePic: refused },
      };
      return data(failure, { status: 400 });
    }
    values.profilePic = `data:${file.type};base64,${Buffer.from(await file.arrayBuffer()).toString("base64")}`;
  }
  try {
    await api(request).signUp(signUpInput(values));
    return redirect(afterSignUp(redirectTo));
  } catch (error) {
    const { failure, status } = signUpFailure(error, values);
    return data(failure, { status });
  }
}
