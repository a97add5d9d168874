// @ts-nocheck: generated code (Ajv standalone), checked by test/unit/storage/file-validators.test.ts.
// Written by `npm run schemas:validators` (scripts/gen-file-validators.mjs) from schemas/*.schema.json;
// do not edit by hand (a unit test fails when it is out of date).
import type { ValidateFunction } from 'ajv'
import func7Module from 'ajv/dist/runtime/ucs2length.js'
import func121Module from 'ajv/dist/runtime/equal.js'
import { isDateTime } from '../schema/dates.ts'

const cmsFormats = { 'cms-datetime': { type: 'string', validate: isDateTime } };

const schema0 = {"$id":"asset.schema.json","title":"assets/<uuid>.yaml","type":"object","required":["uuid","filename","mime_type","size"],"properties":{"uuid":{"type":"string"},"filename":{"type":"string","minLength":1,"maxLength":255,"pattern":"^(?!\\.{1,2}$)[^/\\\\\\u0000]+$","description":"One plain file name in assets/<uuid>/: no / or \\, not . or .."},"original_filename":{"type":"string"},"mime_type":{"type":"string"},"size":{"type":"integer","minimum":0},"sha256":{"type":"string"},"width":{"type":["integer","null"]},"height":{"type":["integer","null"]},"alt_text":{"type":["string","null"]},"title":{"type":["string","null"]},"caption":{"type":["string","null"]},"description":{"type":["string","null"]},"author":{"type":["string","null"]},"copyright":{"type":["string","null"]},"focal_x":{"type":["number","null"],"minimum":0,"maximum":1,"description":"focal point from the left, 0..1: fit=cover crops keep it"},"focal_y":{"type":["number","null"],"minimum":0,"maximum":1,"description":"focal point from the top, 0..1"},"placeholder":{"type":["string","null"],"maxLength":4096,"description":"a tiny blurred image as a data URL, made at upload"},"created_at":{"type":["string","null"]},"updated_at":{"type":["string","null"]},"deleted_at":{"type":["string","null"]}},"additionalProperties":false};
const func0 = Object.prototype.hasOwnProperty;
const func7 = func7Module.default ?? func7Module;
const pattern0 = new RegExp("^(?!\\.{1,2}$)[^/\\\\\\u0000]+$", "u");
function validate0(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="asset.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.uuid === undefined) || (!(func0.call(data, "uuid")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.filename === undefined) || (!(func0.call(data, "filename")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "filename"},message:"must have required property '"+"filename"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.mime_type === undefined) || (!(func0.call(data, "mime_type")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "mime_type"},message:"must have required property '"+"mime_type"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data.size === undefined) || (!(func0.call(data, "size")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "size"},message:"must have required property '"+"size"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema0.properties, key0))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
if(typeof data.uuid !== "string"){
const err5 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.filename !== undefined && func0.call(data, "filename")){
let data1 = data.filename;
if(typeof data1 === "string"){
if(func7(data1) > 255){
const err6 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(func7(data1) < 1){
const err7 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(!pattern0.test(data1)){
const err8 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/pattern",keyword:"pattern",params:{pattern: "^(?!\\.{1,2}$)[^/\\\\\\u0000]+$"},message:"must match pattern \""+"^(?!\\.{1,2}$)[^/\\\\\\u0000]+$"+"\""};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/filename",schemaPath:"#/properties/filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.original_filename !== undefined && func0.call(data, "original_filename")){
if(typeof data.original_filename !== "string"){
const err10 = {instancePath:instancePath+"/original_filename",schemaPath:"#/properties/original_filename/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.mime_type !== undefined && func0.call(data, "mime_type")){
if(typeof data.mime_type !== "string"){
const err11 = {instancePath:instancePath+"/mime_type",schemaPath:"#/properties/mime_type/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.size !== undefined && func0.call(data, "size")){
let data4 = data.size;
if(!((typeof data4 == "number") && (!(data4 % 1) && !isNaN(data4)))){
const err12 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
if(typeof data4 == "number"){
if(data4 < 0 || isNaN(data4)){
const err13 = {instancePath:instancePath+"/size",schemaPath:"#/properties/size/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
if(data.sha256 !== undefined && func0.call(data, "sha256")){
if(typeof data.sha256 !== "string"){
const err14 = {instancePath:instancePath+"/sha256",schemaPath:"#/properties/sha256/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.width !== undefined && func0.call(data, "width")){
let data6 = data.width;
if((!((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6)))) && (data6 !== null)){
const err15 = {instancePath:instancePath+"/width",schemaPath:"#/properties/width/type",keyword:"type",params:{type: schema0.properties.width.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.height !== undefined && func0.call(data, "height")){
let data7 = data.height;
if((!((typeof data7 == "number") && (!(data7 % 1) && !isNaN(data7)))) && (data7 !== null)){
const err16 = {instancePath:instancePath+"/height",schemaPath:"#/properties/height/type",keyword:"type",params:{type: schema0.properties.height.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.alt_text !== undefined && func0.call(data, "alt_text")){
let data8 = data.alt_text;
if((typeof data8 !== "string") && (data8 !== null)){
const err17 = {instancePath:instancePath+"/alt_text",schemaPath:"#/properties/alt_text/type",keyword:"type",params:{type: schema0.properties.alt_text.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.title !== undefined && func0.call(data, "title")){
let data9 = data.title;
if((typeof data9 !== "string") && (data9 !== null)){
const err18 = {instancePath:instancePath+"/title",schemaPath:"#/properties/title/type",keyword:"type",params:{type: schema0.properties.title.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.caption !== undefined && func0.call(data, "caption")){
let data10 = data.caption;
if((typeof data10 !== "string") && (data10 !== null)){
const err19 = {instancePath:instancePath+"/caption",schemaPath:"#/properties/caption/type",keyword:"type",params:{type: schema0.properties.caption.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.description !== undefined && func0.call(data, "description")){
let data11 = data.description;
if((typeof data11 !== "string") && (data11 !== null)){
const err20 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema0.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.author !== undefined && func0.call(data, "author")){
let data12 = data.author;
if((typeof data12 !== "string") && (data12 !== null)){
const err21 = {instancePath:instancePath+"/author",schemaPath:"#/properties/author/type",keyword:"type",params:{type: schema0.properties.author.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.copyright !== undefined && func0.call(data, "copyright")){
let data13 = data.copyright;
if((typeof data13 !== "string") && (data13 !== null)){
const err22 = {instancePath:instancePath+"/copyright",schemaPath:"#/properties/copyright/type",keyword:"type",params:{type: schema0.properties.copyright.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data.focal_x !== undefined && func0.call(data, "focal_x")){
let data14 = data.focal_x;
if((!(typeof data14 == "number")) && (data14 !== null)){
const err23 = {instancePath:instancePath+"/focal_x",schemaPath:"#/properties/focal_x/type",keyword:"type",params:{type: schema0.properties.focal_x.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(typeof data14 == "number"){
if(data14 > 1 || isNaN(data14)){
const err24 = {instancePath:instancePath+"/focal_x",schemaPath:"#/properties/focal_x/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
if(data14 < 0 || isNaN(data14)){
const err25 = {instancePath:instancePath+"/focal_x",schemaPath:"#/properties/focal_x/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
if(data.focal_y !== undefined && func0.call(data, "focal_y")){
let data15 = data.focal_y;
if((!(typeof data15 == "number")) && (data15 !== null)){
const err26 = {instancePath:instancePath+"/focal_y",schemaPath:"#/properties/focal_y/type",keyword:"type",params:{type: schema0.properties.focal_y.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
if(typeof data15 == "number"){
if(data15 > 1 || isNaN(data15)){
const err27 = {instancePath:instancePath+"/focal_y",schemaPath:"#/properties/focal_y/maximum",keyword:"maximum",params:{comparison: "<=", limit: 1},message:"must be <= 1"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
if(data15 < 0 || isNaN(data15)){
const err28 = {instancePath:instancePath+"/focal_y",schemaPath:"#/properties/focal_y/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
}
if(data.placeholder !== undefined && func0.call(data, "placeholder")){
let data16 = data.placeholder;
if((typeof data16 !== "string") && (data16 !== null)){
const err29 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/type",keyword:"type",params:{type: schema0.properties.placeholder.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(typeof data16 === "string"){
if(func7(data16) > 4096){
const err30 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/maxLength",keyword:"maxLength",params:{limit: 4096},message:"must NOT have more than 4096 characters"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
if(data.created_at !== undefined && func0.call(data, "created_at")){
let data17 = data.created_at;
if((typeof data17 !== "string") && (data17 !== null)){
const err31 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: schema0.properties.created_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data.updated_at !== undefined && func0.call(data, "updated_at")){
let data18 = data.updated_at;
if((typeof data18 !== "string") && (data18 !== null)){
const err32 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: schema0.properties.updated_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data.deleted_at !== undefined && func0.call(data, "deleted_at")){
let data19 = data.deleted_at;
if((typeof data19 !== "string") && (data19 !== null)){
const err33 = {instancePath:instancePath+"/deleted_at",schemaPath:"#/properties/deleted_at/type",keyword:"type",params:{type: schema0.properties.deleted_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
}
else {
const err34 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
validate0.errors = vErrors;
return errors === 0;
}
const schema1 = {"$id":"collection.schema.json","title":"collections/<slug>.yaml","type":"object","required":["uuid","name","slug","fields"],"properties":{"uuid":{"type":"string","pattern":"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},"name":{"type":"string","minLength":1,"maxLength":255},"slug":{"type":"string","pattern":"^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$"},"is_singleton":{"type":"boolean"},"singular_name":{"type":"string","description":"What one entry is called (Article for Articles); absent: derived from the name."},"order":{"type":"integer"},"created_at":{"type":"string"},"updated_at":{"type":"string"},"fields":{"type":"array","items":{"$ref":"#/$defs/field"}},"workflow":{"enum":["review"],"description":"review: entries are reviewed (draft, in_review, approved) before they are published"}},"additionalProperties":false,"$defs":{"field":{"type":"object","required":["type","name"],"properties":{"uuid":{"type":"string"},"type":{"enum":["text","longtext","richtext","slug","email","password","number","enumeration","boolean","color","date","datetime","time","media","relation","json","group"]},"label":{"type":"string"},"name":{"type":"string","pattern":"^[a-z0-9][a-z0-9_-]*$","maxLength":60},"description":{"type":["string","null"]},"placeholder":{"type":["string","null"]},"options":{"type":"object"},"validations":{"type":"object","properties":{"required":{"$ref":"#/$defs/flag"},"unique":{"$ref":"#/$defs/flag"},"charcount":{"type":"object","properties":{"status":{"type":"boolean"},"type":{"enum":["Between","Min","Max"]},"min":{"type":["number","null"]},"max":{"type":["number","null"]},"message":{"type":["string","null"]}}}}},"children":{"type":"array","items":{"$ref":"#/$defs/field"}}},"additionalProperties":false},"flag":{"type":"object","properties":{"status":{"type":"boolean"},"message":{"type":["string","null"]}}}}};
const pattern1 = new RegExp("^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$", "u");
const pattern2 = new RegExp("^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$", "u");
const schema2 = {"type":"object","required":["type","name"],"properties":{"uuid":{"type":"string"},"type":{"enum":["text","longtext","richtext","slug","email","password","number","enumeration","boolean","color","date","datetime","time","media","relation","json","group"]},"label":{"type":"string"},"name":{"type":"string","pattern":"^[a-z0-9][a-z0-9_-]*$","maxLength":60},"description":{"type":["string","null"]},"placeholder":{"type":["string","null"]},"options":{"type":"object"},"validations":{"type":"object","properties":{"required":{"$ref":"#/$defs/flag"},"unique":{"$ref":"#/$defs/flag"},"charcount":{"type":"object","properties":{"status":{"type":"boolean"},"type":{"enum":["Between","Min","Max"]},"min":{"type":["number","null"]},"max":{"type":["number","null"]},"message":{"type":["string","null"]}}}}},"children":{"type":"array","items":{"$ref":"#/$defs/field"}}},"additionalProperties":false};
const schema3 = {"type":"object","properties":{"status":{"type":"boolean"},"message":{"type":["string","null"]}}};
const pattern3 = new RegExp("^[a-z0-9][a-z0-9_-]*$", "u");
const wrapper0 = {validate: validate2};
function validate2(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.type === undefined) || (!(func0.call(data, "type")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "type"},message:"must have required property '"+"type"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.name === undefined) || (!(func0.call(data, "name")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema2.properties, key0))){
const err2 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
if(typeof data.uuid !== "string"){
const err3 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.type !== undefined && func0.call(data, "type")){
let data1 = data.type;
if(!(((((((((((((((((data1 === "text") || (data1 === "longtext")) || (data1 === "richtext")) || (data1 === "slug")) || (data1 === "email")) || (data1 === "password")) || (data1 === "number")) || (data1 === "enumeration")) || (data1 === "boolean")) || (data1 === "color")) || (data1 === "date")) || (data1 === "datetime")) || (data1 === "time")) || (data1 === "media")) || (data1 === "relation")) || (data1 === "json")) || (data1 === "group"))){
const err4 = {instancePath:instancePath+"/type",schemaPath:"#/properties/type/enum",keyword:"enum",params:{allowedValues: schema2.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.label !== undefined && func0.call(data, "label")){
if(typeof data.label !== "string"){
const err5 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.name !== undefined && func0.call(data, "name")){
let data3 = data.name;
if(typeof data3 === "string"){
if(func7(data3) > 60){
const err6 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 60},message:"must NOT have more than 60 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
if(!pattern3.test(data3)){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9][a-z0-9_-]*$"},message:"must match pattern \""+"^[a-z0-9][a-z0-9_-]*$"+"\""};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.description !== undefined && func0.call(data, "description")){
let data4 = data.description;
if((typeof data4 !== "string") && (data4 !== null)){
const err9 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema2.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.placeholder !== undefined && func0.call(data, "placeholder")){
let data5 = data.placeholder;
if((typeof data5 !== "string") && (data5 !== null)){
const err10 = {instancePath:instancePath+"/placeholder",schemaPath:"#/properties/placeholder/type",keyword:"type",params:{type: schema2.properties.placeholder.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.options !== undefined && func0.call(data, "options")){
let data6 = data.options;
if(!(data6 && typeof data6 == "object" && !Array.isArray(data6))){
const err11 = {instancePath:instancePath+"/options",schemaPath:"#/properties/options/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.validations !== undefined && func0.call(data, "validations")){
let data7 = data.validations;
if(data7 && typeof data7 == "object" && !Array.isArray(data7)){
if(data7.required !== undefined && func0.call(data7, "required")){
let data8 = data7.required;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
if(data8.status !== undefined && func0.call(data8, "status")){
if(typeof data8.status !== "boolean"){
const err12 = {instancePath:instancePath+"/validations/required/status",schemaPath:"#/$defs/flag/properties/status/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data8.message !== undefined && func0.call(data8, "message")){
let data10 = data8.message;
if((typeof data10 !== "string") && (data10 !== null)){
const err13 = {instancePath:instancePath+"/validations/required/message",schemaPath:"#/$defs/flag/properties/message/type",keyword:"type",params:{type: schema3.properties.message.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
}
else {
const err14 = {instancePath:instancePath+"/validations/required",schemaPath:"#/$defs/flag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data7.unique !== undefined && func0.call(data7, "unique")){
let data11 = data7.unique;
if(data11 && typeof data11 == "object" && !Array.isArray(data11)){
if(data11.status !== undefined && func0.call(data11, "status")){
if(typeof data11.status !== "boolean"){
const err15 = {instancePath:instancePath+"/validations/unique/status",schemaPath:"#/$defs/flag/properties/status/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data11.message !== undefined && func0.call(data11, "message")){
let data13 = data11.message;
if((typeof data13 !== "string") && (data13 !== null)){
const err16 = {instancePath:instancePath+"/validations/unique/message",schemaPath:"#/$defs/flag/properties/message/type",keyword:"type",params:{type: schema3.properties.message.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/validations/unique",schemaPath:"#/$defs/flag/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data7.charcount !== undefined && func0.call(data7, "charcount")){
let data14 = data7.charcount;
if(data14 && typeof data14 == "object" && !Array.isArray(data14)){
if(data14.status !== undefined && func0.call(data14, "status")){
if(typeof data14.status !== "boolean"){
const err18 = {instancePath:instancePath+"/validations/charcount/status",schemaPath:"#/properties/validations/properties/charcount/properties/status/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data14.type !== undefined && func0.call(data14, "type")){
let data16 = data14.type;
if(!(((data16 === "Between") || (data16 === "Min")) || (data16 === "Max"))){
const err19 = {instancePath:instancePath+"/validations/charcount/type",schemaPath:"#/properties/validations/properties/charcount/properties/type/enum",keyword:"enum",params:{allowedValues: schema2.properties.validations.properties.charcount.properties.type.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data14.min !== undefined && func0.call(data14, "min")){
let data17 = data14.min;
if((!(typeof data17 == "number")) && (data17 !== null)){
const err20 = {instancePath:instancePath+"/validations/charcount/min",schemaPath:"#/properties/validations/properties/charcount/properties/min/type",keyword:"type",params:{type: schema2.properties.validations.properties.charcount.properties.min.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data14.max !== undefined && func0.call(data14, "max")){
let data18 = data14.max;
if((!(typeof data18 == "number")) && (data18 !== null)){
const err21 = {instancePath:instancePath+"/validations/charcount/max",schemaPath:"#/properties/validations/properties/charcount/properties/max/type",keyword:"type",params:{type: schema2.properties.validations.properties.charcount.properties.max.type},message:"must be number,null"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data14.message !== undefined && func0.call(data14, "message")){
let data19 = data14.message;
if((typeof data19 !== "string") && (data19 !== null)){
const err22 = {instancePath:instancePath+"/validations/charcount/message",schemaPath:"#/properties/validations/properties/charcount/properties/message/type",keyword:"type",params:{type: schema2.properties.validations.properties.charcount.properties.message.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
}
else {
const err23 = {instancePath:instancePath+"/validations/charcount",schemaPath:"#/properties/validations/properties/charcount/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
}
}
else {
const err24 = {instancePath:instancePath+"/validations",schemaPath:"#/properties/validations/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data.children !== undefined && func0.call(data, "children")){
let data20 = data.children;
if(Array.isArray(data20)){
const len0 = data20.length;
for(let i0=0; i0<len0; i0++){
if(!(wrapper0.validate(data20[i0], {instancePath:instancePath+"/children/" + i0,parentData:data20,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? wrapper0.validate.errors : vErrors.concat(wrapper0.validate.errors);
errors = vErrors.length;
}
}
}
else {
const err25 = {instancePath:instancePath+"/children",schemaPath:"#/properties/children/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
}
else {
const err26 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
validate2.errors = vErrors;
return errors === 0;
}
function validate1(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="collection.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.uuid === undefined) || (!(func0.call(data, "uuid")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.name === undefined) || (!(func0.call(data, "name")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.slug === undefined) || (!(func0.call(data, "slug")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "slug"},message:"must have required property '"+"slug"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data.fields === undefined) || (!(func0.call(data, "fields")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema1.properties, key0))){
const err4 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!pattern1.test(data0)){
const err5 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},message:"must match pattern \""+"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"+"\""};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined && func0.call(data, "name")){
let data1 = data.name;
if(typeof data1 === "string"){
if(func7(data1) > 255){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
if(func7(data1) < 1){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
else {
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.slug !== undefined && func0.call(data, "slug")){
let data2 = data.slug;
if(typeof data2 === "string"){
if(!pattern2.test(data2)){
const err10 = {instancePath:instancePath+"/slug",schemaPath:"#/properties/slug/pattern",keyword:"pattern",params:{pattern: "^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$"},message:"must match pattern \""+"^[a-z0-9](?:[a-z0-9_-]{0,62}[a-z0-9])?$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/slug",schemaPath:"#/properties/slug/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.is_singleton !== undefined && func0.call(data, "is_singleton")){
if(typeof data.is_singleton !== "boolean"){
const err12 = {instancePath:instancePath+"/is_singleton",schemaPath:"#/properties/is_singleton/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.singular_name !== undefined && func0.call(data, "singular_name")){
if(typeof data.singular_name !== "string"){
const err13 = {instancePath:instancePath+"/singular_name",schemaPath:"#/properties/singular_name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.order !== undefined && func0.call(data, "order")){
let data5 = data.order;
if(!((typeof data5 == "number") && (!(data5 % 1) && !isNaN(data5)))){
const err14 = {instancePath:instancePath+"/order",schemaPath:"#/properties/order/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.created_at !== undefined && func0.call(data, "created_at")){
if(typeof data.created_at !== "string"){
const err15 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.updated_at !== undefined && func0.call(data, "updated_at")){
if(typeof data.updated_at !== "string"){
const err16 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.fields !== undefined && func0.call(data, "fields")){
let data8 = data.fields;
if(Array.isArray(data8)){
const len0 = data8.length;
for(let i0=0; i0<len0; i0++){
if(!(validate2(data8[i0], {instancePath:instancePath+"/fields/" + i0,parentData:data8,parentDataProperty:i0,rootData}))){
vErrors = vErrors === null ? validate2.errors : vErrors.concat(validate2.errors);
errors = vErrors.length;
}
}
}
else {
const err17 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.workflow !== undefined && func0.call(data, "workflow")){
if(!(data.workflow === "review")){
const err18 = {instancePath:instancePath+"/workflow",schemaPath:"#/properties/workflow/enum",keyword:"enum",params:{allowedValues: schema1.properties.workflow.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
else {
const err19 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
validate1.errors = vErrors;
return errors === 0;
}
const schema5 = {"$id":"entry.schema.json","title":"entries/<slug>/<uuid>.json","type":"object","required":["uuid","locale","fields"],"properties":{"uuid":{"type":"string","pattern":"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},"locale":{"type":"string"},"translation_group":{"type":["string","null"]},"created_at":{"type":["string","null"]},"updated_at":{"type":["string","null"]},"published_at":{"type":["string","null"]},"published_version":{"type":["integer","null"],"minimum":1},"deleted_at":{"type":["string","null"]},"fields":{"type":"object"},"published":{"type":["object","null"]},"schedule":{"type":"object","description":"Scheduled changes, UTC ISO 8601 times (docs/scheduling.md)","properties":{"publish_at":{"type":["string","null"],"format":"cms-datetime"},"unpublish_at":{"type":["string","null"],"format":"cms-datetime"}},"additionalProperties":false},"review":{"type":"object","description":"Review state on collections with workflow: review (docs/scheduling.md)","required":["state","at"],"properties":{"state":{"enum":["draft","in_review","approved"]},"by":{"type":["string","null"]},"at":{"type":"string"},"note":{"type":["string","null"]},"history":{"type":"array","items":{"type":"object","required":["state","at"],"properties":{"state":{"enum":["draft","in_review","approved"]},"by":{"type":["string","null"]},"at":{"type":"string"},"note":{"type":["string","null"]}},"additionalProperties":false}}},"additionalProperties":false}},"additionalProperties":false};
const formats0 = cmsFormats["cms-datetime"];
function validate4(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="entry.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.uuid === undefined) || (!(func0.call(data, "uuid")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.locale === undefined) || (!(func0.call(data, "locale")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "locale"},message:"must have required property '"+"locale"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.fields === undefined) || (!(func0.call(data, "fields")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema5.properties, key0))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!pattern1.test(data0)){
const err4 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},message:"must match pattern \""+"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"+"\""};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
}
else {
const err5 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.locale !== undefined && func0.call(data, "locale")){
if(typeof data.locale !== "string"){
const err6 = {instancePath:instancePath+"/locale",schemaPath:"#/properties/locale/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.translation_group !== undefined && func0.call(data, "translation_group")){
let data2 = data.translation_group;
if((typeof data2 !== "string") && (data2 !== null)){
const err7 = {instancePath:instancePath+"/translation_group",schemaPath:"#/properties/translation_group/type",keyword:"type",params:{type: schema5.properties.translation_group.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.created_at !== undefined && func0.call(data, "created_at")){
let data3 = data.created_at;
if((typeof data3 !== "string") && (data3 !== null)){
const err8 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: schema5.properties.created_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.updated_at !== undefined && func0.call(data, "updated_at")){
let data4 = data.updated_at;
if((typeof data4 !== "string") && (data4 !== null)){
const err9 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: schema5.properties.updated_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.published_at !== undefined && func0.call(data, "published_at")){
let data5 = data.published_at;
if((typeof data5 !== "string") && (data5 !== null)){
const err10 = {instancePath:instancePath+"/published_at",schemaPath:"#/properties/published_at/type",keyword:"type",params:{type: schema5.properties.published_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.published_version !== undefined && func0.call(data, "published_version")){
let data6 = data.published_version;
if((!((typeof data6 == "number") && (!(data6 % 1) && !isNaN(data6)))) && (data6 !== null)){
const err11 = {instancePath:instancePath+"/published_version",schemaPath:"#/properties/published_version/type",keyword:"type",params:{type: schema5.properties.published_version.type},message:"must be integer,null"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
if(typeof data6 == "number"){
if(data6 < 1 || isNaN(data6)){
const err12 = {instancePath:instancePath+"/published_version",schemaPath:"#/properties/published_version/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
if(data.deleted_at !== undefined && func0.call(data, "deleted_at")){
let data7 = data.deleted_at;
if((typeof data7 !== "string") && (data7 !== null)){
const err13 = {instancePath:instancePath+"/deleted_at",schemaPath:"#/properties/deleted_at/type",keyword:"type",params:{type: schema5.properties.deleted_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.fields !== undefined && func0.call(data, "fields")){
let data8 = data.fields;
if(!(data8 && typeof data8 == "object" && !Array.isArray(data8))){
const err14 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.published !== undefined && func0.call(data, "published")){
let data9 = data.published;
if((!(data9 && typeof data9 == "object" && !Array.isArray(data9))) && (data9 !== null)){
const err15 = {instancePath:instancePath+"/published",schemaPath:"#/properties/published/type",keyword:"type",params:{type: schema5.properties.published.type},message:"must be object,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.schedule !== undefined && func0.call(data, "schedule")){
let data10 = data.schedule;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
for(const key1 of Object.keys(data10)){
if(!((key1 === "publish_at") || (key1 === "unpublish_at"))){
const err16 = {instancePath:instancePath+"/schedule",schemaPath:"#/properties/schedule/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data10.publish_at !== undefined && func0.call(data10, "publish_at")){
let data11 = data10.publish_at;
if((typeof data11 !== "string") && (data11 !== null)){
const err17 = {instancePath:instancePath+"/schedule/publish_at",schemaPath:"#/properties/schedule/properties/publish_at/type",keyword:"type",params:{type: schema5.properties.schedule.properties.publish_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
if(typeof data11 === "string"){
if(!(formats0.validate(data11))){
const err18 = {instancePath:instancePath+"/schedule/publish_at",schemaPath:"#/properties/schedule/properties/publish_at/format",keyword:"format",params:{format: "cms-datetime"},message:"must match format \""+"cms-datetime"+"\""};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
}
if(data10.unpublish_at !== undefined && func0.call(data10, "unpublish_at")){
let data12 = data10.unpublish_at;
if((typeof data12 !== "string") && (data12 !== null)){
const err19 = {instancePath:instancePath+"/schedule/unpublish_at",schemaPath:"#/properties/schedule/properties/unpublish_at/type",keyword:"type",params:{type: schema5.properties.schedule.properties.unpublish_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
if(typeof data12 === "string"){
if(!(formats0.validate(data12))){
const err20 = {instancePath:instancePath+"/schedule/unpublish_at",schemaPath:"#/properties/schedule/properties/unpublish_at/format",keyword:"format",params:{format: "cms-datetime"},message:"must match format \""+"cms-datetime"+"\""};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
}
else {
const err21 = {instancePath:instancePath+"/schedule",schemaPath:"#/properties/schedule/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data.review !== undefined && func0.call(data, "review")){
let data13 = data.review;
if(data13 && typeof data13 == "object" && !Array.isArray(data13)){
if((data13.state === undefined) || (!(func0.call(data13, "state")))){
const err22 = {instancePath:instancePath+"/review",schemaPath:"#/properties/review/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if((data13.at === undefined) || (!(func0.call(data13, "at")))){
const err23 = {instancePath:instancePath+"/review",schemaPath:"#/properties/review/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
for(const key2 of Object.keys(data13)){
if(!(((((key2 === "state") || (key2 === "by")) || (key2 === "at")) || (key2 === "note")) || (key2 === "history"))){
const err24 = {instancePath:instancePath+"/review",schemaPath:"#/properties/review/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
if(data13.state !== undefined && func0.call(data13, "state")){
let data14 = data13.state;
if(!(((data14 === "draft") || (data14 === "in_review")) || (data14 === "approved"))){
const err25 = {instancePath:instancePath+"/review/state",schemaPath:"#/properties/review/properties/state/enum",keyword:"enum",params:{allowedValues: schema5.properties.review.properties.state.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data13.by !== undefined && func0.call(data13, "by")){
let data15 = data13.by;
if((typeof data15 !== "string") && (data15 !== null)){
const err26 = {instancePath:instancePath+"/review/by",schemaPath:"#/properties/review/properties/by/type",keyword:"type",params:{type: schema5.properties.review.properties.by.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data13.at !== undefined && func0.call(data13, "at")){
if(typeof data13.at !== "string"){
const err27 = {instancePath:instancePath+"/review/at",schemaPath:"#/properties/review/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
if(data13.note !== undefined && func0.call(data13, "note")){
let data17 = data13.note;
if((typeof data17 !== "string") && (data17 !== null)){
const err28 = {instancePath:instancePath+"/review/note",schemaPath:"#/properties/review/properties/note/type",keyword:"type",params:{type: schema5.properties.review.properties.note.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
}
if(data13.history !== undefined && func0.call(data13, "history")){
let data18 = data13.history;
if(Array.isArray(data18)){
const len0 = data18.length;
for(let i0=0; i0<len0; i0++){
let data19 = data18[i0];
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
if((data19.state === undefined) || (!(func0.call(data19, "state")))){
const err29 = {instancePath:instancePath+"/review/history/" + i0,schemaPath:"#/properties/review/properties/history/items/required",keyword:"required",params:{missingProperty: "state"},message:"must have required property '"+"state"+"'"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if((data19.at === undefined) || (!(func0.call(data19, "at")))){
const err30 = {instancePath:instancePath+"/review/history/" + i0,schemaPath:"#/properties/review/properties/history/items/required",keyword:"required",params:{missingProperty: "at"},message:"must have required property '"+"at"+"'"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
for(const key3 of Object.keys(data19)){
if(!((((key3 === "state") || (key3 === "by")) || (key3 === "at")) || (key3 === "note"))){
const err31 = {instancePath:instancePath+"/review/history/" + i0,schemaPath:"#/properties/review/properties/history/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key3},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data19.state !== undefined && func0.call(data19, "state")){
let data20 = data19.state;
if(!(((data20 === "draft") || (data20 === "in_review")) || (data20 === "approved"))){
const err32 = {instancePath:instancePath+"/review/history/" + i0+"/state",schemaPath:"#/properties/review/properties/history/items/properties/state/enum",keyword:"enum",params:{allowedValues: schema5.properties.review.properties.history.items.properties.state.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
}
if(data19.by !== undefined && func0.call(data19, "by")){
let data21 = data19.by;
if((typeof data21 !== "string") && (data21 !== null)){
const err33 = {instancePath:instancePath+"/review/history/" + i0+"/by",schemaPath:"#/properties/review/properties/history/items/properties/by/type",keyword:"type",params:{type: schema5.properties.review.properties.history.items.properties.by.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
if(data19.at !== undefined && func0.call(data19, "at")){
if(typeof data19.at !== "string"){
const err34 = {instancePath:instancePath+"/review/history/" + i0+"/at",schemaPath:"#/properties/review/properties/history/items/properties/at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
}
}
if(data19.note !== undefined && func0.call(data19, "note")){
let data23 = data19.note;
if((typeof data23 !== "string") && (data23 !== null)){
const err35 = {instancePath:instancePath+"/review/history/" + i0+"/note",schemaPath:"#/properties/review/properties/history/items/properties/note/type",keyword:"type",params:{type: schema5.properties.review.properties.history.items.properties.note.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/review/history/" + i0,schemaPath:"#/properties/review/properties/history/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
}
else {
const err37 = {instancePath:instancePath+"/review/history",schemaPath:"#/properties/review/properties/history/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
}
}
else {
const err38 = {instancePath:instancePath+"/review",schemaPath:"#/properties/review/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
}
else {
const err39 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
validate4.errors = vErrors;
return errors === 0;
}
const schema6 = {"$id":"project.schema.json","title":"project.yaml","type":"object","required":["uuid","name","default_locale","locales","api"],"properties":{"uuid":{"type":"string","pattern":"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},"name":{"type":"string","minLength":1,"maxLength":255},"description":{"type":["string","null"]},"default_locale":{"type":"string","pattern":"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"},"locales":{"type":"array","minItems":1,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"}},"api":{"enum":["public","private"]},"preview_url":{"type":["string","null"]},"signed_urls":{"type":"object","description":"private projects: lifetime of signed file URLs","properties":{"ttl":{"type":"integer","minimum":1,"maximum":31536000,"description":"seconds (default 3600)"}},"additionalProperties":false},"media":{"type":"object","description":"image derivatives cms export writes beside the JSON","properties":{"widths":{"type":"array","maxItems":12,"items":{"type":"integer","minimum":1,"maximum":8192}},"formats":{"type":"array","maxItems":4,"uniqueItems":true,"items":{"enum":["webp","avif","jpeg","png"]}}},"additionalProperties":false},"fallbacks":{"type":"object","description":"locale fallback chains: a locale maps to the locales tried after it, in order (fallback=true reads); a locale not named falls back to the default locale","additionalProperties":{"type":"array","maxItems":20,"uniqueItems":true,"items":{"type":"string","pattern":"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"}}},"public_drafts":{"type":"boolean","description":"true lets anyone read drafts of a public project, as the hosted service did; absent or false: drafts need a token with read"},"auth":{"type":"object","description":"Project auth for end users (sign-up, sign-in, user API keys); absent or enabled: false means off","properties":{"enabled":{"type":"boolean"},"email_verification":{"type":"boolean"},"access_token_ttl":{"oneOf":[{"type":"integer","minimum":1},{"type":"string","pattern":"^[1-9][0-9]*(s|m|h|d)$","description":"a number of seconds, or a duration such as 15m, 12h, 30d"}]},"refresh_token_ttl":{"oneOf":[{"type":"integer","minimum":1},{"type":"string","pattern":"^[1-9][0-9]*(s|m|h|d)$","description":"a number of seconds, or a duration such as 15m, 12h, 30d"}]},"verification_url":{"type":["string","null"],"pattern":"^https?://","description":"an http(s) URL of the site page that confirms an email address"},"rate_limits":{"type":"object","properties":{"signup":{"type":"integer","minimum":0},"login":{"type":"integer","minimum":0},"refresh":{"type":"integer","minimum":0},"api_keys":{"type":"integer","minimum":0},"introspect":{"type":"integer","minimum":0},"verification_resend":{"type":"integer","minimum":0},"verification_confirm":{"type":"integer","minimum":0}},"additionalProperties":false}},"additionalProperties":false}},"additionalProperties":false};
const func121 = func121Module.default ?? func121Module;
const pattern6 = new RegExp("^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$", "u");
const pattern9 = new RegExp("^[1-9][0-9]*(s|m|h|d)$", "u");
const pattern11 = new RegExp("^https?://", "u");
function validate5(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="project.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.uuid === undefined) || (!(func0.call(data, "uuid")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.name === undefined) || (!(func0.call(data, "name")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.default_locale === undefined) || (!(func0.call(data, "default_locale")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "default_locale"},message:"must have required property '"+"default_locale"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data.locales === undefined) || (!(func0.call(data, "locales")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "locales"},message:"must have required property '"+"locales"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((data.api === undefined) || (!(func0.call(data, "api")))){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "api"},message:"must have required property '"+"api"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema6.properties, key0))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
let data0 = data.uuid;
if(typeof data0 === "string"){
if(!pattern1.test(data0)){
const err6 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/pattern",keyword:"pattern",params:{pattern: "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"},message:"must match pattern \""+"^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$"+"\""};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.name !== undefined && func0.call(data, "name")){
let data1 = data.name;
if(typeof data1 === "string"){
if(func7(data1) > 255){
const err8 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/maxLength",keyword:"maxLength",params:{limit: 255},message:"must NOT have more than 255 characters"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
if(func7(data1) < 1){
const err9 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.description !== undefined && func0.call(data, "description")){
let data2 = data.description;
if((typeof data2 !== "string") && (data2 !== null)){
const err11 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema6.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.default_locale !== undefined && func0.call(data, "default_locale")){
let data3 = data.default_locale;
if(typeof data3 === "string"){
if(!pattern6.test(data3)){
const err12 = {instancePath:instancePath+"/default_locale",schemaPath:"#/properties/default_locale/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"},message:"must match pattern \""+"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"+"\""};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
else {
const err13 = {instancePath:instancePath+"/default_locale",schemaPath:"#/properties/default_locale/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.locales !== undefined && func0.call(data, "locales")){
let data4 = data.locales;
if(Array.isArray(data4)){
if(data4.length < 1){
const err14 = {instancePath:instancePath+"/locales",schemaPath:"#/properties/locales/minItems",keyword:"minItems",params:{limit: 1},message:"must NOT have fewer than 1 items"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(typeof data5 === "string"){
if(!pattern6.test(data5)){
const err15 = {instancePath:instancePath+"/locales/" + i0,schemaPath:"#/properties/locales/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"},message:"must match pattern \""+"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"+"\""};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
else {
const err16 = {instancePath:instancePath+"/locales/" + i0,schemaPath:"#/properties/locales/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
let i1 = data4.length;
let j0;
if(i1 > 1){
const indices0 = {};
for(;i1--;){
let item0 = data4[i1];
if(typeof item0 !== "string"){
continue;
}
if(typeof indices0[item0] == "number"){
j0 = indices0[item0];
const err17 = {instancePath:instancePath+"/locales",schemaPath:"#/properties/locales/uniqueItems",keyword:"uniqueItems",params:{i: i1, j: j0},message:"must NOT have duplicate items (items ## "+j0+" and "+i1+" are identical)"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
break;
}
indices0[item0] = i1;
}
}
}
else {
const err18 = {instancePath:instancePath+"/locales",schemaPath:"#/properties/locales/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.api !== undefined && func0.call(data, "api")){
let data6 = data.api;
if(!((data6 === "public") || (data6 === "private"))){
const err19 = {instancePath:instancePath+"/api",schemaPath:"#/properties/api/enum",keyword:"enum",params:{allowedValues: schema6.properties.api.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.preview_url !== undefined && func0.call(data, "preview_url")){
let data7 = data.preview_url;
if((typeof data7 !== "string") && (data7 !== null)){
const err20 = {instancePath:instancePath+"/preview_url",schemaPath:"#/properties/preview_url/type",keyword:"type",params:{type: schema6.properties.preview_url.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data.signed_urls !== undefined && func0.call(data, "signed_urls")){
let data8 = data.signed_urls;
if(data8 && typeof data8 == "object" && !Array.isArray(data8)){
for(const key1 of Object.keys(data8)){
if(!(key1 === "ttl")){
const err21 = {instancePath:instancePath+"/signed_urls",schemaPath:"#/properties/signed_urls/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
if(data8.ttl !== undefined && func0.call(data8, "ttl")){
let data9 = data8.ttl;
if(!((typeof data9 == "number") && (!(data9 % 1) && !isNaN(data9)))){
const err22 = {instancePath:instancePath+"/signed_urls/ttl",schemaPath:"#/properties/signed_urls/properties/ttl/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
if(typeof data9 == "number"){
if(data9 > 31536000 || isNaN(data9)){
const err23 = {instancePath:instancePath+"/signed_urls/ttl",schemaPath:"#/properties/signed_urls/properties/ttl/maximum",keyword:"maximum",params:{comparison: "<=", limit: 31536000},message:"must be <= 31536000"};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(data9 < 1 || isNaN(data9)){
const err24 = {instancePath:instancePath+"/signed_urls/ttl",schemaPath:"#/properties/signed_urls/properties/ttl/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
}
else {
const err25 = {instancePath:instancePath+"/signed_urls",schemaPath:"#/properties/signed_urls/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
if(data.media !== undefined && func0.call(data, "media")){
let data10 = data.media;
if(data10 && typeof data10 == "object" && !Array.isArray(data10)){
for(const key2 of Object.keys(data10)){
if(!((key2 === "widths") || (key2 === "formats"))){
const err26 = {instancePath:instancePath+"/media",schemaPath:"#/properties/media/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key2},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
}
if(data10.widths !== undefined && func0.call(data10, "widths")){
let data11 = data10.widths;
if(Array.isArray(data11)){
if(data11.length > 12){
const err27 = {instancePath:instancePath+"/media/widths",schemaPath:"#/properties/media/properties/widths/maxItems",keyword:"maxItems",params:{limit: 12},message:"must NOT have more than 12 items"};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
const len1 = data11.length;
for(let i2=0; i2<len1; i2++){
let data12 = data11[i2];
if(!((typeof data12 == "number") && (!(data12 % 1) && !isNaN(data12)))){
const err28 = {instancePath:instancePath+"/media/widths/" + i2,schemaPath:"#/properties/media/properties/widths/items/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
if(typeof data12 == "number"){
if(data12 > 8192 || isNaN(data12)){
const err29 = {instancePath:instancePath+"/media/widths/" + i2,schemaPath:"#/properties/media/properties/widths/items/maximum",keyword:"maximum",params:{comparison: "<=", limit: 8192},message:"must be <= 8192"};
if(vErrors === null){
vErrors = [err29];
}
else {
vErrors.push(err29);
}
errors++;
}
if(data12 < 1 || isNaN(data12)){
const err30 = {instancePath:instancePath+"/media/widths/" + i2,schemaPath:"#/properties/media/properties/widths/items/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err30];
}
else {
vErrors.push(err30);
}
errors++;
}
}
}
}
else {
const err31 = {instancePath:instancePath+"/media/widths",schemaPath:"#/properties/media/properties/widths/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err31];
}
else {
vErrors.push(err31);
}
errors++;
}
}
if(data10.formats !== undefined && func0.call(data10, "formats")){
let data13 = data10.formats;
if(Array.isArray(data13)){
if(data13.length > 4){
const err32 = {instancePath:instancePath+"/media/formats",schemaPath:"#/properties/media/properties/formats/maxItems",keyword:"maxItems",params:{limit: 4},message:"must NOT have more than 4 items"};
if(vErrors === null){
vErrors = [err32];
}
else {
vErrors.push(err32);
}
errors++;
}
const len2 = data13.length;
for(let i3=0; i3<len2; i3++){
let data14 = data13[i3];
if(!((((data14 === "webp") || (data14 === "avif")) || (data14 === "jpeg")) || (data14 === "png"))){
const err33 = {instancePath:instancePath+"/media/formats/" + i3,schemaPath:"#/properties/media/properties/formats/items/enum",keyword:"enum",params:{allowedValues: schema6.properties.media.properties.formats.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err33];
}
else {
vErrors.push(err33);
}
errors++;
}
}
let i4 = data13.length;
let j1;
if(i4 > 1){
outer0:
for(;i4--;){
for(j1 = i4; j1--;){
if(func121(data13[i4], data13[j1])){
const err34 = {instancePath:instancePath+"/media/formats",schemaPath:"#/properties/media/properties/formats/uniqueItems",keyword:"uniqueItems",params:{i: i4, j: j1},message:"must NOT have duplicate items (items ## "+j1+" and "+i4+" are identical)"};
if(vErrors === null){
vErrors = [err34];
}
else {
vErrors.push(err34);
}
errors++;
break outer0;
}
}
}
}
}
else {
const err35 = {instancePath:instancePath+"/media/formats",schemaPath:"#/properties/media/properties/formats/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err35];
}
else {
vErrors.push(err35);
}
errors++;
}
}
}
else {
const err36 = {instancePath:instancePath+"/media",schemaPath:"#/properties/media/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err36];
}
else {
vErrors.push(err36);
}
errors++;
}
}
if(data.fallbacks !== undefined && func0.call(data, "fallbacks")){
let data15 = data.fallbacks;
if(data15 && typeof data15 == "object" && !Array.isArray(data15)){
for(const key3 of Object.keys(data15)){
let data16 = data15[key3];
if(Array.isArray(data16)){
if(data16.length > 20){
const err37 = {instancePath:instancePath+"/fallbacks/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/fallbacks/additionalProperties/maxItems",keyword:"maxItems",params:{limit: 20},message:"must NOT have more than 20 items"};
if(vErrors === null){
vErrors = [err37];
}
else {
vErrors.push(err37);
}
errors++;
}
const len3 = data16.length;
for(let i5=0; i5<len3; i5++){
let data17 = data16[i5];
if(typeof data17 === "string"){
if(!pattern6.test(data17)){
const err38 = {instancePath:instancePath+"/fallbacks/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i5,schemaPath:"#/properties/fallbacks/additionalProperties/items/pattern",keyword:"pattern",params:{pattern: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"},message:"must match pattern \""+"^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$"+"\""};
if(vErrors === null){
vErrors = [err38];
}
else {
vErrors.push(err38);
}
errors++;
}
}
else {
const err39 = {instancePath:instancePath+"/fallbacks/" + key3.replace(/~/g, "~0").replace(/\//g, "~1")+"/" + i5,schemaPath:"#/properties/fallbacks/additionalProperties/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err39];
}
else {
vErrors.push(err39);
}
errors++;
}
}
let i6 = data16.length;
let j2;
if(i6 > 1){
const indices1 = {};
for(;i6--;){
let item1 = data16[i6];
if(typeof item1 !== "string"){
continue;
}
if(typeof indices1[item1] == "number"){
j2 = indices1[item1];
const err40 = {instancePath:instancePath+"/fallbacks/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/fallbacks/additionalProperties/uniqueItems",keyword:"uniqueItems",params:{i: i6, j: j2},message:"must NOT have duplicate items (items ## "+j2+" and "+i6+" are identical)"};
if(vErrors === null){
vErrors = [err40];
}
else {
vErrors.push(err40);
}
errors++;
break;
}
indices1[item1] = i6;
}
}
}
else {
const err41 = {instancePath:instancePath+"/fallbacks/" + key3.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/fallbacks/additionalProperties/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err41];
}
else {
vErrors.push(err41);
}
errors++;
}
}
}
else {
const err42 = {instancePath:instancePath+"/fallbacks",schemaPath:"#/properties/fallbacks/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err42];
}
else {
vErrors.push(err42);
}
errors++;
}
}
if(data.public_drafts !== undefined && func0.call(data, "public_drafts")){
if(typeof data.public_drafts !== "boolean"){
const err43 = {instancePath:instancePath+"/public_drafts",schemaPath:"#/properties/public_drafts/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err43];
}
else {
vErrors.push(err43);
}
errors++;
}
}
if(data.auth !== undefined && func0.call(data, "auth")){
let data19 = data.auth;
if(data19 && typeof data19 == "object" && !Array.isArray(data19)){
for(const key4 of Object.keys(data19)){
if(!((((((key4 === "enabled") || (key4 === "email_verification")) || (key4 === "access_token_ttl")) || (key4 === "refresh_token_ttl")) || (key4 === "verification_url")) || (key4 === "rate_limits"))){
const err44 = {instancePath:instancePath+"/auth",schemaPath:"#/properties/auth/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key4},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err44];
}
else {
vErrors.push(err44);
}
errors++;
}
}
if(data19.enabled !== undefined && func0.call(data19, "enabled")){
if(typeof data19.enabled !== "boolean"){
const err45 = {instancePath:instancePath+"/auth/enabled",schemaPath:"#/properties/auth/properties/enabled/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err45];
}
else {
vErrors.push(err45);
}
errors++;
}
}
if(data19.email_verification !== undefined && func0.call(data19, "email_verification")){
if(typeof data19.email_verification !== "boolean"){
const err46 = {instancePath:instancePath+"/auth/email_verification",schemaPath:"#/properties/auth/properties/email_verification/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err46];
}
else {
vErrors.push(err46);
}
errors++;
}
}
if(data19.access_token_ttl !== undefined && func0.call(data19, "access_token_ttl")){
let data22 = data19.access_token_ttl;
const _errs49 = errors;
let valid16 = false;
let passing0 = null;
const _errs50 = errors;
if(!((typeof data22 == "number") && (!(data22 % 1) && !isNaN(data22)))){
const err47 = {instancePath:instancePath+"/auth/access_token_ttl",schemaPath:"#/properties/auth/properties/access_token_ttl/oneOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err47];
}
else {
vErrors.push(err47);
}
errors++;
}
if(typeof data22 == "number"){
if(data22 < 1 || isNaN(data22)){
const err48 = {instancePath:instancePath+"/auth/access_token_ttl",schemaPath:"#/properties/auth/properties/access_token_ttl/oneOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err48];
}
else {
vErrors.push(err48);
}
errors++;
}
}
var _valid0 = _errs50 === errors;
if(_valid0){
valid16 = true;
passing0 = 0;
}
const _errs52 = errors;
if(typeof data22 === "string"){
if(!pattern9.test(data22)){
const err49 = {instancePath:instancePath+"/auth/access_token_ttl",schemaPath:"#/properties/auth/properties/access_token_ttl/oneOf/1/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*(s|m|h|d)$"},message:"must match pattern \""+"^[1-9][0-9]*(s|m|h|d)$"+"\""};
if(vErrors === null){
vErrors = [err49];
}
else {
vErrors.push(err49);
}
errors++;
}
}
else {
const err50 = {instancePath:instancePath+"/auth/access_token_ttl",schemaPath:"#/properties/auth/properties/access_token_ttl/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err50];
}
else {
vErrors.push(err50);
}
errors++;
}
var _valid0 = _errs52 === errors;
if(_valid0 && valid16){
valid16 = false;
passing0 = [passing0, 1];
}
else {
if(_valid0){
valid16 = true;
passing0 = 1;
}
}
if(!valid16){
const err51 = {instancePath:instancePath+"/auth/access_token_ttl",schemaPath:"#/properties/auth/properties/access_token_ttl/oneOf",keyword:"oneOf",params:{passingSchemas: passing0},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err51];
}
else {
vErrors.push(err51);
}
errors++;
}
else {
errors = _errs49;
if(vErrors !== null){
if(_errs49){
vErrors.length = _errs49;
}
else {
vErrors = null;
}
}
}
}
if(data19.refresh_token_ttl !== undefined && func0.call(data19, "refresh_token_ttl")){
let data23 = data19.refresh_token_ttl;
const _errs55 = errors;
let valid17 = false;
let passing1 = null;
const _errs56 = errors;
if(!((typeof data23 == "number") && (!(data23 % 1) && !isNaN(data23)))){
const err52 = {instancePath:instancePath+"/auth/refresh_token_ttl",schemaPath:"#/properties/auth/properties/refresh_token_ttl/oneOf/0/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err52];
}
else {
vErrors.push(err52);
}
errors++;
}
if(typeof data23 == "number"){
if(data23 < 1 || isNaN(data23)){
const err53 = {instancePath:instancePath+"/auth/refresh_token_ttl",schemaPath:"#/properties/auth/properties/refresh_token_ttl/oneOf/0/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err53];
}
else {
vErrors.push(err53);
}
errors++;
}
}
var _valid1 = _errs56 === errors;
if(_valid1){
valid17 = true;
passing1 = 0;
}
const _errs58 = errors;
if(typeof data23 === "string"){
if(!pattern9.test(data23)){
const err54 = {instancePath:instancePath+"/auth/refresh_token_ttl",schemaPath:"#/properties/auth/properties/refresh_token_ttl/oneOf/1/pattern",keyword:"pattern",params:{pattern: "^[1-9][0-9]*(s|m|h|d)$"},message:"must match pattern \""+"^[1-9][0-9]*(s|m|h|d)$"+"\""};
if(vErrors === null){
vErrors = [err54];
}
else {
vErrors.push(err54);
}
errors++;
}
}
else {
const err55 = {instancePath:instancePath+"/auth/refresh_token_ttl",schemaPath:"#/properties/auth/properties/refresh_token_ttl/oneOf/1/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err55];
}
else {
vErrors.push(err55);
}
errors++;
}
var _valid1 = _errs58 === errors;
if(_valid1 && valid17){
valid17 = false;
passing1 = [passing1, 1];
}
else {
if(_valid1){
valid17 = true;
passing1 = 1;
}
}
if(!valid17){
const err56 = {instancePath:instancePath+"/auth/refresh_token_ttl",schemaPath:"#/properties/auth/properties/refresh_token_ttl/oneOf",keyword:"oneOf",params:{passingSchemas: passing1},message:"must match exactly one schema in oneOf"};
if(vErrors === null){
vErrors = [err56];
}
else {
vErrors.push(err56);
}
errors++;
}
else {
errors = _errs55;
if(vErrors !== null){
if(_errs55){
vErrors.length = _errs55;
}
else {
vErrors = null;
}
}
}
}
if(data19.verification_url !== undefined && func0.call(data19, "verification_url")){
let data24 = data19.verification_url;
if((typeof data24 !== "string") && (data24 !== null)){
const err57 = {instancePath:instancePath+"/auth/verification_url",schemaPath:"#/properties/auth/properties/verification_url/type",keyword:"type",params:{type: schema6.properties.auth.properties.verification_url.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err57];
}
else {
vErrors.push(err57);
}
errors++;
}
if(typeof data24 === "string"){
if(!pattern11.test(data24)){
const err58 = {instancePath:instancePath+"/auth/verification_url",schemaPath:"#/properties/auth/properties/verification_url/pattern",keyword:"pattern",params:{pattern: "^https?://"},message:"must match pattern \""+"^https?://"+"\""};
if(vErrors === null){
vErrors = [err58];
}
else {
vErrors.push(err58);
}
errors++;
}
}
}
if(data19.rate_limits !== undefined && func0.call(data19, "rate_limits")){
let data25 = data19.rate_limits;
if(data25 && typeof data25 == "object" && !Array.isArray(data25)){
for(const key5 of Object.keys(data25)){
if(!(((((((key5 === "signup") || (key5 === "login")) || (key5 === "refresh")) || (key5 === "api_keys")) || (key5 === "introspect")) || (key5 === "verification_resend")) || (key5 === "verification_confirm"))){
const err59 = {instancePath:instancePath+"/auth/rate_limits",schemaPath:"#/properties/auth/properties/rate_limits/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key5},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err59];
}
else {
vErrors.push(err59);
}
errors++;
}
}
if(data25.signup !== undefined && func0.call(data25, "signup")){
let data26 = data25.signup;
if(!((typeof data26 == "number") && (!(data26 % 1) && !isNaN(data26)))){
const err60 = {instancePath:instancePath+"/auth/rate_limits/signup",schemaPath:"#/properties/auth/properties/rate_limits/properties/signup/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err60];
}
else {
vErrors.push(err60);
}
errors++;
}
if(typeof data26 == "number"){
if(data26 < 0 || isNaN(data26)){
const err61 = {instancePath:instancePath+"/auth/rate_limits/signup",schemaPath:"#/properties/auth/properties/rate_limits/properties/signup/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err61];
}
else {
vErrors.push(err61);
}
errors++;
}
}
}
if(data25.login !== undefined && func0.call(data25, "login")){
let data27 = data25.login;
if(!((typeof data27 == "number") && (!(data27 % 1) && !isNaN(data27)))){
const err62 = {instancePath:instancePath+"/auth/rate_limits/login",schemaPath:"#/properties/auth/properties/rate_limits/properties/login/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err62];
}
else {
vErrors.push(err62);
}
errors++;
}
if(typeof data27 == "number"){
if(data27 < 0 || isNaN(data27)){
const err63 = {instancePath:instancePath+"/auth/rate_limits/login",schemaPath:"#/properties/auth/properties/rate_limits/properties/login/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err63];
}
else {
vErrors.push(err63);
}
errors++;
}
}
}
if(data25.refresh !== undefined && func0.call(data25, "refresh")){
let data28 = data25.refresh;
if(!((typeof data28 == "number") && (!(data28 % 1) && !isNaN(data28)))){
const err64 = {instancePath:instancePath+"/auth/rate_limits/refresh",schemaPath:"#/properties/auth/properties/rate_limits/properties/refresh/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err64];
}
else {
vErrors.push(err64);
}
errors++;
}
if(typeof data28 == "number"){
if(data28 < 0 || isNaN(data28)){
const err65 = {instancePath:instancePath+"/auth/rate_limits/refresh",schemaPath:"#/properties/auth/properties/rate_limits/properties/refresh/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err65];
}
else {
vErrors.push(err65);
}
errors++;
}
}
}
if(data25.api_keys !== undefined && func0.call(data25, "api_keys")){
let data29 = data25.api_keys;
if(!((typeof data29 == "number") && (!(data29 % 1) && !isNaN(data29)))){
const err66 = {instancePath:instancePath+"/auth/rate_limits/api_keys",schemaPath:"#/properties/auth/properties/rate_limits/properties/api_keys/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err66];
}
else {
vErrors.push(err66);
}
errors++;
}
if(typeof data29 == "number"){
if(data29 < 0 || isNaN(data29)){
const err67 = {instancePath:instancePath+"/auth/rate_limits/api_keys",schemaPath:"#/properties/auth/properties/rate_limits/properties/api_keys/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err67];
}
else {
vErrors.push(err67);
}
errors++;
}
}
}
if(data25.introspect !== undefined && func0.call(data25, "introspect")){
let data30 = data25.introspect;
if(!((typeof data30 == "number") && (!(data30 % 1) && !isNaN(data30)))){
const err68 = {instancePath:instancePath+"/auth/rate_limits/introspect",schemaPath:"#/properties/auth/properties/rate_limits/properties/introspect/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err68];
}
else {
vErrors.push(err68);
}
errors++;
}
if(typeof data30 == "number"){
if(data30 < 0 || isNaN(data30)){
const err69 = {instancePath:instancePath+"/auth/rate_limits/introspect",schemaPath:"#/properties/auth/properties/rate_limits/properties/introspect/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err69];
}
else {
vErrors.push(err69);
}
errors++;
}
}
}
if(data25.verification_resend !== undefined && func0.call(data25, "verification_resend")){
let data31 = data25.verification_resend;
if(!((typeof data31 == "number") && (!(data31 % 1) && !isNaN(data31)))){
const err70 = {instancePath:instancePath+"/auth/rate_limits/verification_resend",schemaPath:"#/properties/auth/properties/rate_limits/properties/verification_resend/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err70];
}
else {
vErrors.push(err70);
}
errors++;
}
if(typeof data31 == "number"){
if(data31 < 0 || isNaN(data31)){
const err71 = {instancePath:instancePath+"/auth/rate_limits/verification_resend",schemaPath:"#/properties/auth/properties/rate_limits/properties/verification_resend/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err71];
}
else {
vErrors.push(err71);
}
errors++;
}
}
}
if(data25.verification_confirm !== undefined && func0.call(data25, "verification_confirm")){
let data32 = data25.verification_confirm;
if(!((typeof data32 == "number") && (!(data32 % 1) && !isNaN(data32)))){
const err72 = {instancePath:instancePath+"/auth/rate_limits/verification_confirm",schemaPath:"#/properties/auth/properties/rate_limits/properties/verification_confirm/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err72];
}
else {
vErrors.push(err72);
}
errors++;
}
if(typeof data32 == "number"){
if(data32 < 0 || isNaN(data32)){
const err73 = {instancePath:instancePath+"/auth/rate_limits/verification_confirm",schemaPath:"#/properties/auth/properties/rate_limits/properties/verification_confirm/minimum",keyword:"minimum",params:{comparison: ">=", limit: 0},message:"must be >= 0"};
if(vErrors === null){
vErrors = [err73];
}
else {
vErrors.push(err73);
}
errors++;
}
}
}
}
else {
const err74 = {instancePath:instancePath+"/auth/rate_limits",schemaPath:"#/properties/auth/properties/rate_limits/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err74];
}
else {
vErrors.push(err74);
}
errors++;
}
}
}
else {
const err75 = {instancePath:instancePath+"/auth",schemaPath:"#/properties/auth/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err75];
}
else {
vErrors.push(err75);
}
errors++;
}
}
}
else {
const err76 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err76];
}
else {
vErrors.push(err76);
}
errors++;
}
validate5.errors = vErrors;
return errors === 0;
}
const schema7 = {"$id":"tokens.schema.json","title":"tokens.yaml","type":"object","required":["tokens"],"properties":{"tokens":{"type":"array","items":{"type":"object","required":["name","abilities","hash"],"properties":{"name":{"type":"string","minLength":1},"abilities":{"type":"array","items":{"enum":["read","create","update","delete","admin","introspect","*"]}},"hash":{"type":"string","pattern":"^[0-9a-f]{64}$"},"last4":{"type":"string"},"created_at":{"type":["string","null"]},"expires_at":{"type":["string","null"]}},"additionalProperties":false}}},"additionalProperties":false};
const pattern12 = new RegExp("^[0-9a-f]{64}$", "u");
function validate6(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="tokens.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.tokens === undefined) || (!(func0.call(data, "tokens")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "tokens"},message:"must have required property '"+"tokens"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(key0 === "tokens")){
const err1 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
}
if(data.tokens !== undefined && func0.call(data, "tokens")){
let data0 = data.tokens;
if(Array.isArray(data0)){
const len0 = data0.length;
for(let i0=0; i0<len0; i0++){
let data1 = data0[i0];
if(data1 && typeof data1 == "object" && !Array.isArray(data1)){
if((data1.name === undefined) || (!(func0.call(data1, "name")))){
const err2 = {instancePath:instancePath+"/tokens/" + i0,schemaPath:"#/properties/tokens/items/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data1.abilities === undefined) || (!(func0.call(data1, "abilities")))){
const err3 = {instancePath:instancePath+"/tokens/" + i0,schemaPath:"#/properties/tokens/items/required",keyword:"required",params:{missingProperty: "abilities"},message:"must have required property '"+"abilities"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((data1.hash === undefined) || (!(func0.call(data1, "hash")))){
const err4 = {instancePath:instancePath+"/tokens/" + i0,schemaPath:"#/properties/tokens/items/required",keyword:"required",params:{missingProperty: "hash"},message:"must have required property '"+"hash"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key1 of Object.keys(data1)){
if(!((((((key1 === "name") || (key1 === "abilities")) || (key1 === "hash")) || (key1 === "last4")) || (key1 === "created_at")) || (key1 === "expires_at"))){
const err5 = {instancePath:instancePath+"/tokens/" + i0,schemaPath:"#/properties/tokens/items/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data1.name !== undefined && func0.call(data1, "name")){
let data2 = data1.name;
if(typeof data2 === "string"){
if(func7(data2) < 1){
const err6 = {instancePath:instancePath+"/tokens/" + i0+"/name",schemaPath:"#/properties/tokens/items/properties/name/minLength",keyword:"minLength",params:{limit: 1},message:"must NOT have fewer than 1 characters"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
else {
const err7 = {instancePath:instancePath+"/tokens/" + i0+"/name",schemaPath:"#/properties/tokens/items/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data1.abilities !== undefined && func0.call(data1, "abilities")){
let data3 = data1.abilities;
if(Array.isArray(data3)){
const len1 = data3.length;
for(let i1=0; i1<len1; i1++){
let data4 = data3[i1];
if(!(((((((data4 === "read") || (data4 === "create")) || (data4 === "update")) || (data4 === "delete")) || (data4 === "admin")) || (data4 === "introspect")) || (data4 === "*"))){
const err8 = {instancePath:instancePath+"/tokens/" + i0+"/abilities/" + i1,schemaPath:"#/properties/tokens/items/properties/abilities/items/enum",keyword:"enum",params:{allowedValues: schema7.properties.tokens.items.properties.abilities.items.enum},message:"must be equal to one of the allowed values"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
}
else {
const err9 = {instancePath:instancePath+"/tokens/" + i0+"/abilities",schemaPath:"#/properties/tokens/items/properties/abilities/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data1.hash !== undefined && func0.call(data1, "hash")){
let data5 = data1.hash;
if(typeof data5 === "string"){
if(!pattern12.test(data5)){
const err10 = {instancePath:instancePath+"/tokens/" + i0+"/hash",schemaPath:"#/properties/tokens/items/properties/hash/pattern",keyword:"pattern",params:{pattern: "^[0-9a-f]{64}$"},message:"must match pattern \""+"^[0-9a-f]{64}$"+"\""};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
else {
const err11 = {instancePath:instancePath+"/tokens/" + i0+"/hash",schemaPath:"#/properties/tokens/items/properties/hash/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data1.last4 !== undefined && func0.call(data1, "last4")){
if(typeof data1.last4 !== "string"){
const err12 = {instancePath:instancePath+"/tokens/" + i0+"/last4",schemaPath:"#/properties/tokens/items/properties/last4/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data1.created_at !== undefined && func0.call(data1, "created_at")){
let data7 = data1.created_at;
if((typeof data7 !== "string") && (data7 !== null)){
const err13 = {instancePath:instancePath+"/tokens/" + i0+"/created_at",schemaPath:"#/properties/tokens/items/properties/created_at/type",keyword:"type",params:{type: schema7.properties.tokens.items.properties.created_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data1.expires_at !== undefined && func0.call(data1, "expires_at")){
let data8 = data1.expires_at;
if((typeof data8 !== "string") && (data8 !== null)){
const err14 = {instancePath:instancePath+"/tokens/" + i0+"/expires_at",schemaPath:"#/properties/tokens/items/properties/expires_at/type",keyword:"type",params:{type: schema7.properties.tokens.items.properties.expires_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
}
else {
const err15 = {instancePath:instancePath+"/tokens/" + i0,schemaPath:"#/properties/tokens/items/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
}
else {
const err16 = {instancePath:instancePath+"/tokens",schemaPath:"#/properties/tokens/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
validate6.errors = vErrors;
return errors === 0;
}
const schema8 = {"$id":"version.schema.json","title":"versions/<slug>/<uuid>/<n>.json","type":"object","required":["uuid","entry_uuid","version_number","locale","published_at","fields"],"properties":{"uuid":{"type":"string"},"entry_uuid":{"type":"string"},"version_number":{"type":"integer","minimum":1},"label":{"type":["string","null"]},"created_by":{"type":"string","description":"Who published this version (a token's or an editor session's name); absent for the local identity."},"description":{"type":["string","null"]},"locale":{"type":"string"},"translation_group":{"type":["string","null"]},"published_at":{"type":"string"},"created_at":{"type":["string","null"]},"updated_at":{"type":["string","null"]},"fields":{"type":"object"}},"additionalProperties":false};
function validate7(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="version.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.uuid === undefined) || (!(func0.call(data, "uuid")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.entry_uuid === undefined) || (!(func0.call(data, "entry_uuid")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "entry_uuid"},message:"must have required property '"+"entry_uuid"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.version_number === undefined) || (!(func0.call(data, "version_number")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "version_number"},message:"must have required property '"+"version_number"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data.locale === undefined) || (!(func0.call(data, "locale")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "locale"},message:"must have required property '"+"locale"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((data.published_at === undefined) || (!(func0.call(data, "published_at")))){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "published_at"},message:"must have required property '"+"published_at"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if((data.fields === undefined) || (!(func0.call(data, "fields")))){
const err5 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "fields"},message:"must have required property '"+"fields"+"'"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema8.properties, key0))){
const err6 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
if(typeof data.uuid !== "string"){
const err7 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.entry_uuid !== undefined && func0.call(data, "entry_uuid")){
if(typeof data.entry_uuid !== "string"){
const err8 = {instancePath:instancePath+"/entry_uuid",schemaPath:"#/properties/entry_uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.version_number !== undefined && func0.call(data, "version_number")){
let data2 = data.version_number;
if(!((typeof data2 == "number") && (!(data2 % 1) && !isNaN(data2)))){
const err9 = {instancePath:instancePath+"/version_number",schemaPath:"#/properties/version_number/type",keyword:"type",params:{type: "integer"},message:"must be integer"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
if(typeof data2 == "number"){
if(data2 < 1 || isNaN(data2)){
const err10 = {instancePath:instancePath+"/version_number",schemaPath:"#/properties/version_number/minimum",keyword:"minimum",params:{comparison: ">=", limit: 1},message:"must be >= 1"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
if(data.label !== undefined && func0.call(data, "label")){
let data3 = data.label;
if((typeof data3 !== "string") && (data3 !== null)){
const err11 = {instancePath:instancePath+"/label",schemaPath:"#/properties/label/type",keyword:"type",params:{type: schema8.properties.label.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.created_by !== undefined && func0.call(data, "created_by")){
if(typeof data.created_by !== "string"){
const err12 = {instancePath:instancePath+"/created_by",schemaPath:"#/properties/created_by/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.description !== undefined && func0.call(data, "description")){
let data5 = data.description;
if((typeof data5 !== "string") && (data5 !== null)){
const err13 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema8.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.locale !== undefined && func0.call(data, "locale")){
if(typeof data.locale !== "string"){
const err14 = {instancePath:instancePath+"/locale",schemaPath:"#/properties/locale/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.translation_group !== undefined && func0.call(data, "translation_group")){
let data7 = data.translation_group;
if((typeof data7 !== "string") && (data7 !== null)){
const err15 = {instancePath:instancePath+"/translation_group",schemaPath:"#/properties/translation_group/type",keyword:"type",params:{type: schema8.properties.translation_group.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.published_at !== undefined && func0.call(data, "published_at")){
if(typeof data.published_at !== "string"){
const err16 = {instancePath:instancePath+"/published_at",schemaPath:"#/properties/published_at/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
if(data.created_at !== undefined && func0.call(data, "created_at")){
let data9 = data.created_at;
if((typeof data9 !== "string") && (data9 !== null)){
const err17 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: schema8.properties.created_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.updated_at !== undefined && func0.call(data, "updated_at")){
let data10 = data.updated_at;
if((typeof data10 !== "string") && (data10 !== null)){
const err18 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: schema8.properties.updated_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.fields !== undefined && func0.call(data, "fields")){
let data11 = data.fields;
if(!(data11 && typeof data11 == "object" && !Array.isArray(data11))){
const err19 = {instancePath:instancePath+"/fields",schemaPath:"#/properties/fields/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
}
else {
const err20 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
validate7.errors = vErrors;
return errors === 0;
}
const schema9 = {"$id":"webhook.schema.json","title":"webhooks/<uuid>.yaml","type":"object","required":["uuid","name","url","events","sources"],"properties":{"uuid":{"type":"string"},"name":{"type":"string"},"description":{"type":["string","null"]},"url":{"type":"string"},"events":{"type":"array","items":{"type":"string"}},"sources":{"type":"array","items":{"type":"string"}},"payload":{"type":"boolean"},"status":{"type":"boolean"},"collection_ids":{"type":"array","items":{"type":"string"}},"has_secret":{"type":"boolean"},"created_at":{"type":["string","null"]},"updated_at":{"type":["string","null"]}},"additionalProperties":false};
function validate8(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="webhook.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if((data.uuid === undefined) || (!(func0.call(data, "uuid")))){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "uuid"},message:"must have required property '"+"uuid"+"'"};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if((data.name === undefined) || (!(func0.call(data, "name")))){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "name"},message:"must have required property '"+"name"+"'"};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if((data.url === undefined) || (!(func0.call(data, "url")))){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "url"},message:"must have required property '"+"url"+"'"};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
if((data.events === undefined) || (!(func0.call(data, "events")))){
const err3 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "events"},message:"must have required property '"+"events"+"'"};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
if((data.sources === undefined) || (!(func0.call(data, "sources")))){
const err4 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "sources"},message:"must have required property '"+"sources"+"'"};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
for(const key0 of Object.keys(data)){
if(!(func0.call(schema9.properties, key0))){
const err5 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0},message:"must NOT have additional properties"};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
if(data.uuid !== undefined && func0.call(data, "uuid")){
if(typeof data.uuid !== "string"){
const err6 = {instancePath:instancePath+"/uuid",schemaPath:"#/properties/uuid/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.name !== undefined && func0.call(data, "name")){
if(typeof data.name !== "string"){
const err7 = {instancePath:instancePath+"/name",schemaPath:"#/properties/name/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
if(data.description !== undefined && func0.call(data, "description")){
let data2 = data.description;
if((typeof data2 !== "string") && (data2 !== null)){
const err8 = {instancePath:instancePath+"/description",schemaPath:"#/properties/description/type",keyword:"type",params:{type: schema9.properties.description.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.url !== undefined && func0.call(data, "url")){
if(typeof data.url !== "string"){
const err9 = {instancePath:instancePath+"/url",schemaPath:"#/properties/url/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
if(data.events !== undefined && func0.call(data, "events")){
let data4 = data.events;
if(Array.isArray(data4)){
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
if(typeof data4[i0] !== "string"){
const err10 = {instancePath:instancePath+"/events/" + i0,schemaPath:"#/properties/events/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
}
else {
const err11 = {instancePath:instancePath+"/events",schemaPath:"#/properties/events/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
if(data.sources !== undefined && func0.call(data, "sources")){
let data6 = data.sources;
if(Array.isArray(data6)){
const len1 = data6.length;
for(let i1=0; i1<len1; i1++){
if(typeof data6[i1] !== "string"){
const err12 = {instancePath:instancePath+"/sources/" + i1,schemaPath:"#/properties/sources/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
}
else {
const err13 = {instancePath:instancePath+"/sources",schemaPath:"#/properties/sources/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
}
if(data.payload !== undefined && func0.call(data, "payload")){
if(typeof data.payload !== "boolean"){
const err14 = {instancePath:instancePath+"/payload",schemaPath:"#/properties/payload/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
}
if(data.status !== undefined && func0.call(data, "status")){
if(typeof data.status !== "boolean"){
const err15 = {instancePath:instancePath+"/status",schemaPath:"#/properties/status/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
}
if(data.collection_ids !== undefined && func0.call(data, "collection_ids")){
let data10 = data.collection_ids;
if(Array.isArray(data10)){
const len2 = data10.length;
for(let i2=0; i2<len2; i2++){
if(typeof data10[i2] !== "string"){
const err16 = {instancePath:instancePath+"/collection_ids/" + i2,schemaPath:"#/properties/collection_ids/items/type",keyword:"type",params:{type: "string"},message:"must be string"};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
}
}
else {
const err17 = {instancePath:instancePath+"/collection_ids",schemaPath:"#/properties/collection_ids/type",keyword:"type",params:{type: "array"},message:"must be array"};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
}
if(data.has_secret !== undefined && func0.call(data, "has_secret")){
if(typeof data.has_secret !== "boolean"){
const err18 = {instancePath:instancePath+"/has_secret",schemaPath:"#/properties/has_secret/type",keyword:"type",params:{type: "boolean"},message:"must be boolean"};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data.created_at !== undefined && func0.call(data, "created_at")){
let data13 = data.created_at;
if((typeof data13 !== "string") && (data13 !== null)){
const err19 = {instancePath:instancePath+"/created_at",schemaPath:"#/properties/created_at/type",keyword:"type",params:{type: schema9.properties.created_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
if(data.updated_at !== undefined && func0.call(data, "updated_at")){
let data14 = data.updated_at;
if((typeof data14 !== "string") && (data14 !== null)){
const err20 = {instancePath:instancePath+"/updated_at",schemaPath:"#/properties/updated_at/type",keyword:"type",params:{type: schema9.properties.updated_at.type},message:"must be string,null"};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
}
else {
const err21 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"},message:"must be object"};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
validate8.errors = vErrors;
return errors === 0;
}

export const fileValidators = {
  asset: validate0 as ValidateFunction,
  collection: validate1 as ValidateFunction,
  entry: validate4 as ValidateFunction,
  project: validate5 as ValidateFunction,
  tokens: validate6 as ValidateFunction,
  version: validate7 as ValidateFunction,
  webhook: validate8 as ValidateFunction,
}

export const fileSchemas = {
  asset: schema0 as Record<string, unknown>,
  collection: schema1 as Record<string, unknown>,
  entry: schema5 as Record<string, unknown>,
  project: schema6 as Record<string, unknown>,
  tokens: schema7 as Record<string, unknown>,
  version: schema8 as Record<string, unknown>,
  webhook: schema9 as Record<string, unknown>,
}
