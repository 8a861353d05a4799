import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { environmentParams, errorResponses } from '../contract/common';
import { SubscriberParams } from '../contract/receivers';
import {
  ConsentProofList,
  SignUpForm,
  SignUpFormInput,
  SignUpFormPage,
  SignUpFormParams,
  SignUpFormsQuery,
} from '../contract/signUp';
import { consentProofsOf } from '../signUp/consentProofs';
import {
  createSignUpForm,
  deleteSignUpForm,
  findSignUpForm,
  signUpFormPage,
  updateSignUpForm,
} from '../signUp/signUpForms';

const tags = ['sign-up forms'];

/** The sign-up forms of an environment ('Aanmeldformulieren') and the consent proofs of a subscriber. */
export const signUpFormRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const publicUrl = app.config.publicUrl;
  app.get(
    '/signupforms',
    {
      schema: {
        summary: "One page of the environment's sign-up forms, by name.",
        tags,
        'x-extension': true,
        params: environmentParams({}),
        querystring: SignUpFormsQuery,
        response: { 200: SignUpFormPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => signUpFormPage(app.db, request.environmentId, request.query, publicUrl),
  );

  app.get(
    '/signupforms/:signUpFormId',
    {
      schema: {
        summary: 'One sign-up form, with its hosted address and its HTML snippet.',
        tags,
        'x-extension': true,
        params: environmentParams(SignUpFormParams.properties),
        response: { 200: SignUpForm, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => findSignUpForm(app.db, request.environmentId, request.params.signUpFormId, publicUrl),
  );

  app.post(
    '/signupforms',
    {
      schema: {
        summary:
          'Creates a sign-up form; its lists must be public lists of the environment (else 400 naming listIds).',
        tags,
        'x-extension': true,
        params: environmentParams({}),
        body: SignUpFormInput,
        response: { 201: SignUpForm, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createSignUpForm(app.db, request.environmentId, request.body, publicUrl)),
  );

  app.put(
    '/signupforms/:signUpFormId',
    {
      schema: {
        summary:
          'Changes a sign-up form; a changed consent text becomes a new version (earlier ones are kept).',
        tags,
        'x-extension': true,
        params: environmentParams(SignUpFormParams.properties),
        body: SignUpFormInput,
        response: { 200: SignUpForm, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateSignUpForm(app.db, request.environmentId, request.params.signUpFormId, request.body, publicUrl),
  );

  app.delete(
    '/signupforms/:signUpFormId',
    {
      schema: {
        summary: 'Deletes a sign-up form (its hosted page answers 404; consent proofs keep pointing at it).',
        tags,
        'x-extension': true,
        params: environmentParams(SignUpFormParams.properties),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSignUpForm(app.db, request.environmentId, request.params.signUpFormId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/list/manual/:listId/subscriber/:subscriberId/consentproofs',
    {
      schema: {
        summary:
          "A subscriber's consent proofs, newest first: form and consent text version, import or user.",
        tags,
        'x-extension': true,
        params: environmentParams(SubscriberParams.properties),
        response: { 200: ConsentProofList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      consentProofsOf(app.db, request.environmentId, request.params.listId, request.params.subscriberId),
  );
};
